export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  baselineName: string;
  baseline: number;
  ratio: number;
  target?: number;
}
