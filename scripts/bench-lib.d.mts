export declare function codeBySource(
  code: string,
  map: { sources: (string | null)[]; mappings: string },
): Map<string | null, string>;
export declare function gzipSize(data: string | Uint8Array): number;
export declare function median(values: number[]): number;
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts?: number;
  dur?: number;
  args?: Record<string, unknown>;
}
export declare function traceMetrics(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): {
  fcp: number;
  scripting: number;
  tbt: number;
  longestTask: number;
};
export interface Row {
  figure: string;
  unit?: 'bytes' | 'ms' | 'ratio' | 'per-second';
  plinth?: number | string;
  naive?: number | string;
  baseline?: number | string;
  ratio?: number;
  goal?: string;
  met?: boolean;
}
export declare function format(unit: Row['unit'], value: number | string | undefined): string;
export declare function markdownTable(rows: Row[]): string;
export declare function replaceSection(text: string, content: string, heading?: string): string;
export interface SvgFigures {
  requests: number[];
  ms: number;
}
export declare function parsePackageBenches(output: string): {
  richText: number | undefined;
  richTextGoal: number | undefined;
  svg: { plinth: SvgFigures | undefined; raw: SvgFigures | undefined };
  userAgent: { cold: number | undefined; warm: number | undefined };
};
