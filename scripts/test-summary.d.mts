export interface Count {
  passed: number;
  failed: number;
  notes: string[];
}
export declare function countReport(file: string): Count;
export declare function sum(counts: Count[]): Count;
