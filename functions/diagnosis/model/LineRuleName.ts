/** The general rules that choose the decisive line of a message (signals/decisiveLine/lineRules.ts). */
export type LineRuleName = 'accelerator' | 'exception' | 'tool-output' | 'resource' | 'error' | 'root-cause-rank' | 'consequence';
