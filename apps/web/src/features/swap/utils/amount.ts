/** A decimal amount as text without trailing fraction zeros ('500000.00000000' -> '500000'); exact. */
export function plainAmount(amount: string): string {
  if (!amount.includes('.')) return amount;
  return amount.replace(/0+$/, '').replace(/\.$/, '');
}
