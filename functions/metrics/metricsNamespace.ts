/**
 * The CloudWatch namespace of every runai-diagnose metric. Set here once: the functions
 * publish to it (createPowertoolsMetrics) and the alarms and dashboard read it (infra/).
 */
export const METRICS_NAMESPACE = 'RunaiDiagnose';
