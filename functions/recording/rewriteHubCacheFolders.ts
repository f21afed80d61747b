/**
 * A Hugging Face Hub repository as its cache folder names it: `models--{org}--{name}` (also
 * `datasets--` and `spaces--`), under `~/.cache/huggingface/hub/` (huggingface_hub
 * `constants.py`: `REPO_ID_SEPARATOR = "--"`, and `file_download.py` `repo_folder_name`:
 * `f"{repo_type}s{SEP}" + repo_id.replace("/", SEP)`). A repo id may not hold `--` itself
 * (`utils/_validators.py` `validate_repo_id`), so the folder reads back as `{org}/{name}`
 * unambiguously. Read as one token the folder hid the organisation and the model from the rules
 * that replace `org/name` everywhere else: it is read as its repo id, rewritten by the caller's
 * rules, and written back as a folder — so the same repository gets the same pseudonyms in both
 * spellings, and a public one (`meta-llama/Llama-3.1-8B`) stays as written.
 *
 * Linear: one bounded pattern.
 */
const CACHE_FOLDER = /(?<![\w.-])(models|datasets|spaces)--([A-Za-z0-9][A-Za-z0-9_.-]{0,95}?)--([A-Za-z0-9][A-Za-z0-9_.-]{0,95})(?![\w.-])/g;

export function rewriteHubCacheFolders(text: string, rewrite: (repoId: string) => string): string {
  if (!text.includes('--')) return text;
  return text.replace(CACHE_FOLDER, (match, kind: string, org: string, name: string) => {
    if (org.includes('--') || name.includes('--')) return match;
    const repoId = `${org}/${name}`;
    const rewritten = rewrite(repoId);
    const slash = rewritten.indexOf('/');
    // Written back only when it is still one `org/name` the separator can join.
    if (rewritten === repoId || slash < 0 || rewritten.indexOf('/', slash + 1) >= 0 || rewritten.includes('--')) return match;
    return `${kind}--${rewritten.slice(0, slash)}--${rewritten.slice(slash + 1)}`;
  });
}
