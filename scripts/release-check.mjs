// What a published tarball holds: the rule `scripts/check-packages.mjs` applies to the tarball `pnpm pack` makes
// (the one `pnpm publish` would upload), kept apart so the scripts' tests can run it on made-up file lists.

/** Every tarball must hold these, at its root. */
const REQUIRED = ['package.json', 'README.md', 'LICENSE'];
/** Allowed, not required: `changeset version` writes it at release time, and pack includes it by itself. */
const OPTIONAL = ['CHANGELOG.md'];

/**
 * Checks the paths of a packed tarball (`tar -tzf`, each under `package/`): exactly dist/ (non-empty),
 * README.md, LICENSE and package.json, plus CHANGELOG.md once a release wrote it; nothing else. `license` is
 * the packed package.json's field and `licenseText` the packed LICENSE: an MIT package must ship the MIT text.
 * @param {string[]} paths
 * @param {{ license?: string, licenseText?: string }} [manifest]
 * @returns {string[]} failures, empty when the tarball is fine
 */
export function checkTarballContents(paths, { license, licenseText } = {}) {
  const failures = [];
  const files = [];
  for (const path of paths) {
    if (!path.startsWith('package/')) failures.push(`the tarball holds ${path} outside package/`);
    else if (!path.endsWith('/')) files.push(path.slice('package/'.length));
  }
  const stray = files.filter(
    (file) => !REQUIRED.includes(file) && !OPTIONAL.includes(file) && !file.startsWith('dist/'),
  );
  if (stray.length)
    failures.push(`the tarball holds files outside dist/, README.md, LICENSE, package.json: ${stray.join(', ')}`);
  for (const file of REQUIRED) if (!files.includes(file)) failures.push(`the tarball has no ${file}`);
  if (!files.some((file) => file.startsWith('dist/'))) failures.push('the tarball has no dist/');
  if (!license) failures.push('package.json declares no license');
  else if (
    license === 'MIT' &&
    files.includes('LICENSE') &&
    !/^MIT License\s[\s\S]*Permission is hereby granted, free of charge/.test(licenseText ?? '')
  )
    failures.push('package.json declares MIT but LICENSE is not the MIT license text');
  return failures;
}
