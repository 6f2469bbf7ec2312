export interface Figure {
  name: string;
  value: number;
  unit: string;
}

export function round(value: number, places = 1): number {
  const f = 10 ** places;
  return Math.round(value * f) / f;
}
