/**
 * A customer's name inside a code identifier (issue #25): a class `<Name>RetrieverAdapter` and a
 * constant `<NAME>_MAX_BATCH_TOKENS` beside the same name written as a proper noun in a sentence.
 * The name word gets its pseudonym; the other words, and upstream's identifiers, stay — also when
 * an ordinary word of them is used inside a joined name (`trainer-7b` beside `TRAINER_CONFIG`).
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';

const answers = [{ spec: { args: 'python serve.py --db quennvale_prod', name: 'quennvale-trainer-7b' } }, { message: 'index rebuilt for Quennvale overnight' }];

describe('a name inside a code identifier', () => {
  it.each([
    ['a CamelCase class', 'Registered adapter class QuennvaleRetrieverAdapter', /^Registered adapter class name-[0-9a-f]{6}RetrieverAdapter$/],
    ['a lower camelCase function', 'calling loadQuennvaleIndex()', /^calling loadname-[0-9a-f]{6}Index\(\)$/],
    ['a SCREAMING_SNAKE constant', 'QUENNVALE_MAX_BATCH_TOKENS=4096', /^name-[0-9a-f]{6}_MAX_BATCH_TOKENS=4096$/],
  ])('replaces the name in %s, keeping the rest', (_what, line, shape) => {
    const anonymizer = createAnonymizer(answers as never);
    const out = anonymizer.text(line);
    expect(out).toMatch(shape);
    expect(out.match(/name-[0-9a-f]{6}/)![0]).toBe(anonymizer.text('quennvale_prod').slice(0, 11));
  });

  it('replaces a word the recording writes as a proper noun inside a sentence, not one opening it', () => {
    const anonymizer = createAnonymizer(['index rebuilt for Brannoch overnight', 'Rolled back after the probe'] as never);
    expect(anonymizer.text('class BrannochIndexer')).toMatch(/^class name-[0-9a-f]{6}Indexer$/);
    expect(anonymizer.text('class RolledIndexer')).toBe('class RolledIndexer');
  });

  it('replaces a name that opens a log line and is a word of a joined name, also when it spans two code words', () => {
    const log = [
      'INFO app.py:9] Vorrella traffic replay starting',
      'INFO db.py:40] connecting to vorrella_feature_store and blueharbor_cache',
      'INFO cfg.py:2] Blueharbor shard map loaded',
      'INFO loader.py:12] Registered VorrellaRetrieverAdapter, BlueHarborIndexer and VORRELLA_MAX_BATCH_TOKENS',
    ].join('\n');
    const out = createAnonymizer([], undefined, [log]).text(log);
    expect(out).not.toMatch(/vorrella|blueharbor|BlueHarbor/i);
    expect(out).toMatch(/Registered name-[0-9a-f]{6}RetrieverAdapter, name-[0-9a-f]{6}Indexer and name-[0-9a-f]{6}_MAX_BATCH_TOKENS/);
  });

  it.each([
    'torch.OutOfMemoryError: CUDA out of memory; NCCL_SOCKET_IFNAME=eth0 VLLM_WORKER_MULTIPROC_METHOD=spawn',
    'class RetrieverAdapter(BaseAdapter) in LlamaForCausalLM',
    'TRAINER_CONFIG is set and TrainerCallback runs',
  ])('keeps code without a name word: %s', (line) => {
    expect(createAnonymizer(answers as never).text(line)).toBe(line);
  });

  it.each([
    ['a CamelCase class', 'loading shards with OrvantisDataLoader', /^loading shards with name-[0-9a-f]{6}DataLoader$/],
    ['a SCREAMING_SNAKE constant', 'ORVANTIS_API_BASE is unset', /^name-[0-9a-f]{6}_API_BASE is unset$/],
    ['a lower camelCase function', 'calling orvantisRetryPolicy()', /^calling name-[0-9a-f]{6}RetryPolicy\(\)$/],
  ])('replaces a word that is no upstream or English word in %s, with no other evidence', (_what, line, shape) => {
    const anonymizer = createAnonymizer([] as never);
    expect(anonymizer.text(line)).toMatch(shape);
  });

  it('gives the word in code the pseudonym it has alone', () => {
    const anonymizer = createAnonymizer([] as never);
    const alone = anonymizer.text('Orvantis');
    expect(anonymizer.text('OrvantisDataLoader')).toBe(`${alone}DataLoader`);
    expect(anonymizer.text('ORVANTIS_API_BASE')).toBe(`${alone}_API_BASE`);
  });

  it.each([
    'raise KeyboardInterrupt after StopIteration in DataCollator',
    'AutoTokenizer and PreTrainedTokenizerFast load; VLLM_WORKER_MULTIPROC_METHOD=spawn',
    'BitsAndBytesConfig, TrainingArguments, ModuleNotFoundError, UnpicklingError, SafetensorError',
    'HFValidationError in ProcessGroupNCCL; DeepSpeedZeroOptimizer; TORCH_NCCL_ASYNC_ERROR_HANDLING=1',
  ])('keeps upstream identifiers whose words are upstream, English, inflected, derived or compounded: %s', (line) => {
    expect(createAnonymizer([] as never).text(line)).toBe(line);
  });
});
