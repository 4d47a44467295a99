/** '1 Abrechnung', '2 Abrechnungen'. */
export function counted(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
