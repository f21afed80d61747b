/** The meaning of an exit code, rendered by the message catalogs. */
export type ExitCodeMeaning =
  'success' | 'app-error' | 'usage-error' | 'not-executable' | 'command-not-found' | 'sigint' | 'sigabrt' | 'sigkill' | 'sigsegv' | 'sigterm' | 'signal';
