import { useCallback, useEffect, useId, useState } from 'react';
import type { ApiResponse } from '../../../../../generated/api-types';
import { call } from '../../../api/typed';
import type { SearchKind } from '../../../../shared/search/fields';
import { parseDefinition, type SearchDefinition } from '../../../../shared/search/validate';
import { codedOfError } from '../../../api/errors';
import { messageText, useT } from '../../../i18n/texts';

type Stored = ApiResponse<'saved_searches'>['searches'][number];
export type SavedSearch = Omit<Stored, 'definition'> & { definition: SearchDefinition };

/**
 * A saved search checked again for its kind: the definition, or why it can no longer run (a field
 * may have left the catalogue since it was saved). Such a search stays listed to rename or delete.
 */
type Listed = Omit<Stored, 'definition'> & { definition: SearchDefinition | string };
const checked = (searches: readonly Stored[]): Listed[] =>
  searches.map((s) => ({ ...s, definition: parseDefinition(s.kind, s.definition) }));

interface Props {
  kind: SearchKind;
  /** The definition on screen (already checked), saved by "Save as". */
  current: SearchDefinition | null;
  clientId: number | null;
  onLoad: (search: SavedSearch) => void;
}

/** The user's own saved searches of this kind and client: load, save as, rename, delete (SPEC §2 Custom Search). */
export function SavedSearches({ kind, current, clientId, onLoad }: Props) {
  const t = useT();
  const id = useId();
  const [list, setList] = useState<Listed[] | null | 'error'>(null);
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [rename, setRename] = useState('');
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const reload = useCallback(
    () =>
      call('saved_searches', { query: { kind, ...(clientId === null ? {} : { client_id: String(clientId) }) } }, { quiet: true }).then(
        ({ data }) => setList(checked(data.searches)),
        () => setList('error'),
      ),
    [kind, clientId],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  const selected = Array.isArray(list) ? list.find((s) => String(s.id) === chosen) : undefined;
  const act = async (run: () => Promise<{ message: string | null }>, done: string) => {
    try {
      const { message } = await run();
      setNote({ text: message ? messageText(t, message) : done, error: false });
      await reload();
    } catch (error) {
      setNote({ text: messageText(t, (error as Error).message, codedOfError(error)), error: true });
    }
  };

  return (
    <section className="panel cs-saved" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('staff.saved.title')}</h2>
      {list === null && <p role="status">{t('staff.saved.loading')}</p>}
      {list === 'error' && <p role="alert">{t('staff.saved.failed')}</p>}
      {Array.isArray(list) && list.length === 0 && <p className="muted">{t('staff.saved.none')}</p>}
      {Array.isArray(list) && list.length > 0 && (
        <div className="cs-row">
          <div className="field">
            <label htmlFor={`${id}-list`}>{t('staff.saved.one')}</label>
            <select
              id={`${id}-list`}
              value={chosen}
              onChange={(e) => {
                setChosen(e.target.value);
                setRename(list.find((s) => String(s.id) === e.target.value)?.name ?? '');
              }}
            >
              <option value="">{t('staff.choose')}</option>
              {list.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button"
            disabled={!selected}
            onClick={() => {
              if (!selected) return;
              const { definition } = selected;
              if (typeof definition === 'string') {
                setNote({ text: t('staff.saved.cannot_run', { name: selected.name, reason: definition }), error: true });
                return;
              }
              onLoad({ ...selected, definition });
              setNote({ text: t('staff.saved.loaded', { name: selected.name }), error: false });
            }}
          >
            {t('staff.saved.load')}
          </button>
          <div className="field">
            <label htmlFor={`${id}-rename`}>{t('staff.saved.new_name')}</label>
            <input id={`${id}-rename`} value={rename} maxLength={100} disabled={!selected} onChange={(e) => setRename(e.target.value)} />
          </div>
          <button
            type="button"
            className="button secondary"
            disabled={!selected || !rename.trim()}
            onClick={() =>
              selected &&
              act(
                () => call('saved_search_rename', { params: { id: selected.id }, body: { name: rename.trim() } }, { quiet: true }),
                t('staff.saved.renamed'),
              )
            }
          >
            {t('staff.saved.rename')}
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={!selected}
            onClick={() =>
              selected &&
              window.confirm(t('staff.saved.confirm_delete', { name: selected.name })) &&
              act(async () => {
                const r = await call('saved_search_delete', { params: { id: selected.id } }, { quiet: true });
                setChosen('');
                return r;
              }, t('staff.saved.deleted'))
            }
          >
            {t('staff.saved.delete')}
          </button>
        </div>
      )}
      <form
        className="cs-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (!current || clientId === null || !name.trim()) return;
          void act(async () => {
            const r = await call(
              'saved_search_create',
              { body: { kind, name: name.trim(), definition: { ...current }, client_id: clientId } },
              { quiet: true },
            );
            setName('');
            return r;
          }, t('staff.saved.saved'));
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('staff.saved.save_as')}</label>
          <input id={`${id}-name`} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </div>
        <button type="submit" className="button" disabled={!current || clientId === null || !name.trim()}>
          {t('staff.saved.save')}
        </button>
      </form>
      {note && (
        <p role={note.error ? 'alert' : 'status'} className={note.error ? 'form-error' : 'muted'}>
          {note.text}
        </p>
      )}
    </section>
  );
}
