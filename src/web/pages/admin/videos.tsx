import { useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody } from '../../../../generated/api-types';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { videosGrid } from '../../../../generated/grids';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import type { VideoItem } from '../../components/video/video-player';
import { LazyManifestForm as ManifestForm } from '../../components/form/lazy-manifest-form';
import { currentT, useT } from '../../i18n/texts';
import './components/admin.css';

/** An example address (the same in every language). */
const URL_EXAMPLE = 'https://www.youtube.com/watch?v=…';

/**
 * /admin/videos (videos-edit): add, edit and remove videos of the library; the server audits each
 * change. The list is the declared grid manifest/grids/videos.yaml (SPEC §2); the form is the
 * manifest's video form, which closes into the list once saved.
 */
export default function AdminVideos(_props: PageProps) {
  const t = useT();
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<VideoItem | 'new' | null>(null);
  const done = (message: string | null) => {
    emitToast({ message: message ?? currentT()('admin.saved'), variant: 'success', duration: SUCCESS_TOAST_MS });
    setVersion((v) => v + 1);
  };
  const remove = async (video: VideoItem) => {
    if (!window.confirm(t('admin.videos.confirm_remove', { title: video.title }))) return;
    try {
      done((await call('admin_video_delete', { params: { id: video.id } })).message);
    } catch {
      /* the toast explains */
    }
  };
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.admin_videos')}</h1>
      <p>{t('admin.videos.intro')}</p>
      {editing !== null && (
        <div className="panel">
          <ManifestForm
            key={editing === 'new' ? 'new' : editing.id}
            form="video"
            label={editing === 'new' ? t('admin.videos.add_one') : t('admin.videos.edit_named', { title: editing.title })}
            initial={
              editing === 'new'
                ? {}
                : {
                    title: editing.title,
                    url: editing.url,
                    category: editing.category,
                    ...(editing.description ? { description: editing.description } : {}),
                  }
            }
            uiSchema={{ category: { 'ui:placeholder': t('admin.videos.choose_category') }, url: { 'ui:placeholder': URL_EXAMPLE } }}
            submitText={t(editing === 'new' ? 'admin.videos.add' : 'admin.videos.save')}
            buttons={[
              { label: t(editing === 'new' ? 'admin.videos.add' : 'admin.videos.save'), saveWith: {} },
              { label: t('admin.cancel'), secondary: true, run: () => setEditing(null) },
            ]}
            submit={(body) =>
              editing === 'new'
                ? call('admin_video_create', { body: body as ApiBody<'admin_video_create'> })
                : call('admin_video_update', { params: { id: editing.id }, body: body as ApiBody<'admin_video_update'> })
            }
            // The library's list stays on the page: the saved video shows in it, the form closes.
            onSaved={() => {
              setVersion((v) => v + 1);
              setEditing(null);
            }}
          />
        </div>
      )}
      <ManifestGrid
        grid={videosGrid}
        idPrefix="video"
        refresh={version}
        onAction={(button, video) => {
          if (button === 'edit') setEditing(video);
          else if (button === 'remove') void remove(video);
        }}
      >
        {editing === null && (
          <button type="button" className="button" onClick={() => setEditing('new')}>
            {t('admin.videos.add')}
          </button>
        )}
      </ManifestGrid>
    </section>
  );
}
