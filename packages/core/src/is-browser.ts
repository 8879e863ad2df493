/** True in a browser (or a DOM test environment), false on the server. */
export const isBrowser: boolean = typeof window !== 'undefined' && typeof document !== 'undefined';
