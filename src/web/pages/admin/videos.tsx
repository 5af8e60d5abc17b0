import { useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody } from '../../../../generated/api-types';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { videosGrid } from '../../../../generated/grids';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import type { VideoItem } from '../../components/video/video-player';
import { EMPTY_VIDEO, VideoForm, type VideoValues } from './components/video-form';
import { currentT, useT } from '../../i18n/texts';
import './components/admin.css';

/**
 * /admin/videos (videos-edit): add, edit and remove videos of the library; the server audits each
 * change. The list is the declared grid manifest/grids/videos.yaml (SPEC §2).
 */
export default function AdminVideos(_props: PageProps) {
  const t = useT();
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<VideoItem | 'new' | null>(null);
  const done = (message: string | null) => {
    emitToast({ message: message ?? currentT()('admin.saved'), variant: 'success', duration: SUCCESS_TOAST_MS });
    setVersion((v) => v + 1);
  };
  const save = async (values: VideoValues) => {
    const payload = {
      title: values.title,
      url: values.url,
      category: values.category,
      ...(values.description ? { description: values.description } : {}),
    };
    try {
      const { message } = await (editing && editing !== 'new'
        ? call('admin_video_update', { params: { id: editing.id }, body: payload as ApiBody<'admin_video_update'> })
        : call('admin_video_create', { body: payload as ApiBody<'admin_video_create'> }));
      done(message);
      setEditing(null);
      return true;
    } catch {
      return false; /* the toast explains */
    }
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
        <VideoForm
          key={editing === 'new' ? 'new' : editing.id}
          initial={
            editing === 'new'
              ? EMPTY_VIDEO
              : { title: editing.title, url: editing.url, category: editing.category, description: editing.description }
          }
          onSave={save}
          onCancel={() => setEditing(null)}
        />
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
