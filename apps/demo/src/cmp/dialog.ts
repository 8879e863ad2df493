/**
 * The demo CMPs' own small dialog, as OneTrust or Didomi would draw theirs: a title, a sentence, a button per choice,
 * and, once closed, a button that opens it again. The CMP says what each choice does and what showing it tells its API.
 */
export interface CmpDialogOptions {
  /** The dialog's accessible name. */
  name: string;
  title: string;
  text: string;
  /** The label of the button that opens it again. */
  reopen: string;
  /** Each choice's label and what it does once the dialog is closed. */
  choices: readonly (readonly [label: string, choose: () => void])[];
  /** Called each time the dialog is shown (the CMP tells its API the UI is up). */
  onShow(): void;
}

const button = (label: string, onClick: () => void) => {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  element.addEventListener('click', onClick);
  return element;
};

/** Builds the dialog; `show()` puts it on the page, `close()` leaves only the button that opens it again. */
export function cmpDialog({ name, title, text, reopen: reopenLabel, choices, onShow }: CmpDialogOptions) {
  const dialog = document.createElement('section');
  dialog.className = 'consent';
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-label', name);
  const heading = document.createElement('h2');
  heading.textContent = title;
  const sentence = document.createElement('p');
  sentence.textContent = text;
  const actions = document.createElement('div');
  actions.className = 'actions';
  const show = () => {
    reopen.remove();
    document.body.append(dialog);
    onShow();
  };
  const reopen = button(reopenLabel, show);
  const close = () => {
    dialog.remove();
    document.body.append(reopen);
  };
  actions.append(
    ...choices.map(([label, choose]) =>
      button(label, () => {
        close();
        choose();
      }),
    ),
  );
  dialog.append(heading, sentence, actions);
  return { show, close };
}
