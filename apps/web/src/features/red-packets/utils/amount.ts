/** A decimal string without trailing fraction zeros ('10.50000000' reads '10.5'); text only, no floats. */
export function plainAmount(amount: string): string {
  if (!amount.includes('.')) return amount;
  return amount.replace(/0+$/, '').replace(/\.$/, '');
}
