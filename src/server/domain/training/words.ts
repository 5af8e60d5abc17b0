import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import YAML from 'yaml';
import { trainingLanguage } from '../../../shared/training/types';

const FOLDER = resolve(import.meta.dirname, '../../../../content/interface');
const files = new Map<string, Readonly<Record<string, unknown>>>();

function interfaceTexts(language: string): Readonly<Record<string, unknown>> {
  let texts = files.get(language);
  if (!texts) {
    texts = (YAML.parse(readFileSync(resolve(FOLDER, `${language}.yaml`), 'utf8')) ?? {}) as Record<string, unknown>;
    files.set(language, texts);
  }
  return texts;
}

/**
 * The certificate's words in the learner's language, from the training section of the interface
 * texts (content/interface/<language>.yaml), so the PDF reads like the pages; English where missing.
 */
export function certificateWords(language: string) {
  const own = interfaceTexts(trainingLanguage(language));
  const english = interfaceTexts('en');
  const pick = (key: string) => {
    const value = own[`training.certificate.${key}`] ?? english[`training.certificate.${key}`];
    return typeof value === 'string' ? value : key;
  };
  return {
    title: pick('title'),
    certifies: pick('certifies'),
    completed: pick('completed'),
    on: pick('on'),
    code: pick('code'),
    verify: pick('verify'),
  };
}
