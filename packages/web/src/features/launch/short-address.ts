/** "0xf39F…2266": an address short enough for a line, still recognisable. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
