/** A calling code reads left to right in every language: +44, never 44+ under Arabic. */
export function CallingCode({ code }: { code: string }) {
  return <bdi dir="ltr">+{code}</bdi>;
}
