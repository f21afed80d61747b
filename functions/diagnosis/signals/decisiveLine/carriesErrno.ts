import { EXCEPTION_NAME } from './lineRules.js';

/**
 * An exception whose message carries an OS errno (`[Errno 101] Network is unreachable`,
 * `[Errno 13] Permission denied: '/ckpt'`) is the kernel's answer to a system call: the most
 * concrete fault a Python program can report. python/cpython Objects/exceptions.c (OSError_str
 * "[Errno %S] %S" / "[Errno %S] %S: %R"). Wrappers raised from it (urllib3's MaxRetryError,
 * huggingface_hub's LocalEntryNotFoundError, transformers' "We couldn't connect") only restate
 * it in their library's words, so it ranks above any exception line and is not superseded. Only
 * an exception whose own message starts with the errno counts (a wrapper quoting it inside its
 * message, `MaxRetryError: … (Caused by …: [Errno 101] …)`, is still the wrapper).
 */
const ERRNO = new RegExp(String.raw`(?:^|\s)${EXCEPTION_NAME}: \[Errno \d+\] \S`);
export const ERRNO_RANK = 85;
export function carriesErrno(body: string): boolean {
  return ERRNO.test(body);
}
