import { useEffect, useState } from 'react';
import { formLoaders } from '../../../../generated/form-loaders';
import type { FormName, FormPart } from '../../../../generated/forms';
import { loadChunk } from '../../app/chunk-reload';

const loaded = new Map<FormName, FormPart>();
const loading = new Map<FormName, Promise<FormPart>>();

/**
 * A form's definition and validator (generated/forms/<name>.ts), fetched once when a page first shows
 * the form: each form is a small chunk of its own, so a form page carries no other form's schema and
 * validator (docs/architecture.md "Page weight").
 */
export function loadFormPart(name: FormName): Promise<FormPart> {
  let promise = loading.get(name);
  if (!promise) {
    promise = loadChunk(formLoaders[name]).then((part) => {
      loaded.set(name, part);
      return part;
    });
    promise.catch(() => loading.delete(name));
    loading.set(name, promise);
  }
  return promise;
}

/** The form's module once it has arrived (null until then); starts fetching it. */
export function useFormPart(name: FormName): FormPart | null {
  const [part, setPart] = useState<FormPart | null>(() => loaded.get(name) ?? null);
  useEffect(() => {
    let live = true;
    const known = loaded.get(name);
    if (known) setPart(known);
    else void loadFormPart(name).then((next) => live && setPart(next));
    return () => {
      live = false;
    };
  }, [name]);
  return part && part.form.name === name ? part : null;
}
