import { useState } from 'react';
import { Link } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import { ApiError } from '../../api/errors';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { ManifestForm, openAfterSave, type FormValues } from '../../components/form/manifest-form';
import { formMessage } from '../../i18n/form-texts';
import { form as userForm } from '../../../../generated/forms/user';
import { fillNodes } from '../../i18n/fill';
import { codedText, currentT, messageText, useT, type T } from '../../i18n/texts';
import { hasMessageShape } from '../../../shared/coded-message';
import type { CodedMessage } from '../../../shared/server-messages';
import './components/admin.css';
import { href } from '../../../../generated/routes';

const HEADER = 'first_name,last_name,email,role,client,region';
const SAMPLE = `${HEADER}\r\nNora,Quinn,nora.quinn@northwind.example,Employee,NW01,Europe\r\n`;
type Preview = ApiResponse<'admin_users_import_preview'>;
type RowError = Preview['errors'][number];

/** A row's problems in the reader's language: each by its code, or a user-form message by the form's texts. */
function rowProblems(t: T, row: RowError): string {
  return row.errors
    .map((english, i) => {
      const code = row.codes?.[i];
      return hasMessageShape(code) ? codedText(t, code) : messageText(t, formMessage(userForm, english));
    })
    .join('; ');
}

/** Why nothing was imported: the first bad row and its problems, worded like the table below it. */
function failureText(t: T, failed: { message: string; coded: CodedMessage | null; rows: RowError[] }): string {
  const first = failed.rows[0];
  if (failed.coded?.code === 'import.not_imported' && first)
    return t('msg.import.not_imported', { row: first.row, problems: rowProblems(t, first) });
  return messageText(t, failed.message, failed.coded);
}

/**
 * CSV user import (users-edit; SPEC §5 "Import file: required; only CSV allowed"): the manifest's
 * import form, whose save checks the file. A file refused as a whole is refused under its field;
 * otherwise every row's problems are listed (the user form's messages in the reader's language). The
 * import runs only when all rows are correct, all or nothing, e-mails each new user a link to set
 * their password, and opens the form's `after_save` route.
 */
export default function UserImport(_props: PageProps) {
  const t = useT();
  const [file, setFile] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [importing, setImporting] = useState(false);
  const [failed, setFailed] = useState<{ message: string; coded: CodedMessage | null; rows: RowError[] } | null>(null);
  // Another file makes the last check's answer stale.
  const onValues = (values: FormValues) => {
    const next = String(values.import_file ?? '');
    if (next === file) return;
    setFile(next);
    setPreview(null);
    setFailed(null);
  };
  const runImport = async () => {
    setImporting(true);
    try {
      const { data: answer } = await call('admin_users_import', { body: { import_file: file } }, { quiet: true });
      // The server's sentence has the count inside it, so the page words it in the reader's language.
      const count = (answer as { created?: number }).created ?? 0;
      emitToast({
        message: currentT()(count === 1 ? 'admin.import.done_one' : 'admin.import.done', { count }),
        variant: 'success',
        duration: SUCCESS_TOAST_MS,
      });
      openAfterSave('user_import');
    } catch (error) {
      const body = (error as ApiError).body as { rows?: RowError[] } | undefined;
      setFailed({ message: (error as Error).message, coded: (error as ApiError).coded ?? null, rows: body?.rows ?? [] });
      setImporting(false);
    }
  };
  const rows = failed?.rows ?? preview?.errors ?? [];
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.import_users')}</h1>
      <p>
        {fillNodes(t('admin.import.intro', { max: preview?.max_rows ?? 5000 }), {
          header: <code>{HEADER}</code>,
          sample: (
            <a href={`data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE)}`} download="users-sample.csv">
              {t('admin.import.sample')}
            </a>
          ),
        })}
      </p>
      <ManifestForm
        form="user_import"
        onValues={onValues}
        canSubmit={!importing}
        submitText={t('admin.import.check')}
        savingText={t('admin.import.checking')}
        submit={(body) => {
          setFailed(null);
          return call('admin_users_import_preview', { body: body as ApiBody<'admin_users_import_preview'> });
        }}
        // The check's answer is the list below, not a toast; the import is the next step.
        successMessage={() => null}
        onSaved={(result) => setPreview(result.data as Preview)}
      />
      <div role="status" aria-live="polite">
        {importing && <p>{t('admin.import.importing')}</p>}
        {failed && <p className="field-error">{failureText(t, failed)}</p>}
        {preview &&
          !failed &&
          (preview.invalid === 0 ? (
            <p>{t(preview.valid === 1 ? 'admin.import.ready_one' : 'admin.import.ready', { count: preview.valid })}</p>
          ) : (
            <p className="field-error">
              {t(preview.invalid === 1 ? 'admin.import.problems_one' : 'admin.import.problems', { count: preview.invalid })}
            </p>
          ))}
      </div>
      {preview && preview.invalid === 0 && !failed && (
        <p>
          <button type="button" className="button" disabled={importing} onClick={runImport}>
            {t(preview.valid === 1 ? 'admin.import.run_one' : 'admin.import.run', { count: preview.valid })}
          </button>
        </p>
      )}
      {rows.length > 0 && (
        <table className="data-table">
          <caption>{t('admin.import.rows_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.import.row')}</th>
              <th scope="col">{t('admin.import.email')}</th>
              <th scope="col">{t('admin.import.problems_column')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.row}>
                <td>{r.row}</td>
                <td>{r.email || t('admin.import.empty')}</td>
                <td>{rowProblems(t, r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <Link to={href('all_users')}>{t('admin.import.back')}</Link>
      </p>
    </section>
  );
}
