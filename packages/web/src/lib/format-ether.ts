/**
 * An amount in wei as ether, exactly as viem's `formatEther` writes it ("0.01", "1.5", "-2"): every digit
 * kept, trailing zeros dropped. Here so a page that only shows prices (a collector's mint page before Connect)
 * does not load viem for it.
 */
export function formatEther(wei: bigint): string {
  const negative = wei < 0n;
  const digits = (negative ? -wei : wei).toString().padStart(19, '0');
  const whole = digits.slice(0, -18);
  const fraction = digits.slice(-18).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
