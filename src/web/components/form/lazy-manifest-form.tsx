import { lazy, Suspense, type ReactElement } from 'react';
import type { ManifestForm as EagerManifestForm, ManifestFormProps } from './manifest-form';
import type { FormName } from '../../../../generated/forms';
import { useT } from '../../i18n/texts';

const Loaded = lazy(() =>
  import('./manifest-form').then((m) => ({ default: m.ManifestForm as (props: ManifestFormProps) => ReactElement })),
);

/**
 * ManifestForm loaded when it first shows, for a page whose form opens beside a list (the video
 * library's add and edit, a blog post): the list's page stays within the staff pages' budget
 * (src/web/build/page-budgets.ts), the form's renderer and validators arrive with the form.
 */
export const LazyManifestForm = (<F extends FormName>(props: ManifestFormProps<F>) => {
  const t = useT();
  return (
    <Suspense fallback={<p role="status">{t('shell.loading')}</p>}>
      <Loaded {...(props as unknown as ManifestFormProps)} />
    </Suspense>
  );
}) as typeof EagerManifestForm;
