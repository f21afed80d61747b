/** The spec fields a verdict corroborates with. */
export type SpecField = 'image' | 'command' | 'memory' | 'restartPolicy';
