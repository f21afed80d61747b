/**
 * The audience of a diagnosed verdict: the facts decideAudience needs, read from the signals that
 * decided the category — the registry's answer (the image-pull cause the signal already carries)
 * and what the mount error says (classifyMountCause, on the masked text: names never steer). Pure.
 */
import type { Audience, Category } from '../../core/verdict.js';
import { classifyMountCause } from '../signals/classifyMountCause.js';
import { decideAudience } from './decideAudience.js';
import type { Fact } from '../model/Fact.js';
import type { NameMask } from '../signals/maskIdentifiers.js';
import type { Signal } from '../model/Signal.js';

export function audienceOfDiagnosis(category: Category, supporting: readonly Signal[], mask: NameMask): Audience {
  const imagePullCause = supporting.find((signal) => signal.imagePullCause && signal.imagePullCause !== 'unspecified')?.imagePullCause ?? null;
  const mountTexts = supporting
    .filter((signal) => signal.kind === 'MOUNT_FAILED')
    .map((signal) => mask(messageOf(signal.fact)))
    .filter((text): text is string => Boolean(text));
  return decideAudience({
    outcome: 'diagnosed',
    category,
    imagePullCause,
    mountCause: category === 'DATASOURCE_MOUNT_FAILED' ? classifyMountCause(mountTexts) : null,
  });
}

function messageOf(fact: Fact): string | null {
  switch (fact.type) {
    case 'event':
    case 'history-event':
      return fact.message;
    case 'phase':
      return fact.phaseMessage;
    case 'condition':
      return fact.message;
    case 'history-phase':
      return fact.phaseMessage;
    case 'pod-status':
    case 'container-waiting':
      return fact.message;
    default:
      return null;
  }
}
