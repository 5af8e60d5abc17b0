import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { forms } from '../../../../generated/forms';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import { ApiError } from '../../api/errors';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { formValidator } from './components/form-validator';
import './components/admin.css';

const validator = formValidator('user_import');
const SAMPLE = 'first_name,last_name,email,role,client,region\r\nNora,Quinn,nora.quinn@northwind.example,Employee,NW01,Europe\r\n';
type Preview = ApiResponse<'admin_users_import_preview'>;
type RowError = Preview['errors'][number];

/**
 * CSV user import (users-edit; SPEC §5 "Import file: required; only CSV allowed"). Checking the file
 * lists every row's problems; the import runs only when all rows are correct, all or nothing, and
 * e-mails each new user a link to set their password.
 */
export default function UserImport(_props: PageProps) {
  const navigate = useNavigate();
  const [file, setFile] = useState<string>('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState<'' | 'checking' | 'importing'>('');
  const [failed, setFailed] = useState<{ message: string; rows: RowError[] } | null>(null);
  const uiSchema: UiSchema = {
    ...(forms.user_import.uiSchema as UiSchema),
    'ui:submitButtonOptions': { submitText: busy === 'checking' ? 'Checking…' : 'Check file', props: { disabled: busy !== '' } },
  };
  const runImport = async () => {
    setBusy('importing');
    try {
      const { message } = await call('admin_users_import', { body: { import_file: file } }, { quiet: true });
      emitToast({ message: message ?? 'Imported', variant: 'success', duration: SUCCESS_TOAST_MS });
      navigate('/admin/all_users');
    } catch (error) {
      const body = (error as ApiError).body as { rows?: RowError[] } | undefined;
      setFailed({ message: (error as Error).message, rows: body?.rows ?? [] });
      setBusy('');
    }
  };
  const rows = failed?.rows ?? preview?.errors ?? [];
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">Import Users</h1>
      <p>
        Upload a CSV file with the header <code>first_name,last_name,email,role,client,region</code> (region optional; role by name, client
        by company code or name), at most {preview?.max_rows ?? 5000} users per file.{' '}
        <a href={`data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE)}`} download="users-sample.csv">
          Download a sample file
        </a>
        .
      </p>
      <Form
        schema={forms.user_import.schema as unknown as RJSFSchema}
        uiSchema={uiSchema}
        validator={validator}
        formData={{ import_file: file || undefined }}
        liveValidate="onChange"
        showErrorList={false}
        noHtml5Validate
        onChange={(e) => {
          const next = String((e.formData as { import_file?: string }).import_file ?? '');
          if (next !== file) {
            setFile(next);
            setPreview(null);
            setFailed(null);
          }
        }}
        onSubmit={async (e) => {
          setBusy('checking');
          setFailed(null);
          try {
            setPreview((await call('admin_users_import_preview', { body: e.formData as ApiBody<'admin_users_import_preview'> })).data);
          } catch {
            setPreview(null);
          }
          setBusy('');
        }}
      />
      <div role="status" aria-live="polite">
        {busy === 'importing' && <p>Importing users…</p>}
        {failed && <p className="field-error">{failed.message}</p>}
        {preview &&
          !failed &&
          (preview.invalid === 0 ? (
            <p>
              {preview.valid} user{preview.valid === 1 ? '' : 's'} ready to import.
            </p>
          ) : (
            <p className="field-error">
              {preview.invalid} row{preview.invalid === 1 ? ' has' : 's have'} problems. Nothing is imported until every row is correct.
            </p>
          ))}
      </div>
      {preview && preview.invalid === 0 && !failed && (
        <p>
          <button type="button" className="button" disabled={busy !== ''} onClick={runImport}>
            Import {preview.valid} users
          </button>
        </p>
      )}
      {rows.length > 0 && (
        <table className="data-table">
          <caption>Rows with problems</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">E-mail</th>
              <th scope="col">Problems</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.row}>
                <td>{r.row}</td>
                <td>{r.email || '(empty)'}</td>
                <td>{r.errors.join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <Link to="/admin/all_users">Back to all users</Link>
      </p>
    </section>
  );
}
