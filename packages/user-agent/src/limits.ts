/** Input longer than this is truncated before anything looks at it. */
export const MAX_LENGTH = 512;
