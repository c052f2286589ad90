/** The package ships no types; its output follows prom2json's (README of parse-prometheus-text-format). */
declare module 'parse-prometheus-text-format' {
  export interface Sample {
    labels?: Record<string, string>;
    /** Counters, gauges, untyped. */
    value?: string;
    /** Histograms: cumulative counts by upper bound ("+Inf" included), then count and sum. */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface Family {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: Sample[];
  }
  export default function parsePrometheusTextFormat(text: string): Family[];
}
