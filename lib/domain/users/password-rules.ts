/**
 * The length rules of a dashboard password, without bcrypt: the browser's forms import them too.
 * The server also refuses the most common passwords (common-passwords.ts, which reads a file).
 */
export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt ignores bytes after the 72nd. */
export const MAX_PASSWORD_BYTES = 72;
