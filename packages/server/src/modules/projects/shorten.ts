/** A user-given name cut to fit in a message (a 3,000-character file name would bury the message). */
export function shorten(name: string, length = 60): string {
  return name.length <= length ? name : `${name.slice(0, length - 1)}…`;
}
