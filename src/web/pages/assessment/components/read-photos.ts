import { currentT } from '../../../i18n/texts';

/** The photo limits the server enforces again on the bytes (src/server/api/evaluation-requests/photos.ts). */
export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** Reads chosen files as data URLs, or returns the message to show (checked again by the server). */
export async function readPhotos(files: readonly File[]): Promise<string[] | string> {
  const t = currentT();
  if (files.length > MAX_PHOTOS) return t('evaluation.too_many_photos', { max: MAX_PHOTOS });
  const tooBig = files.find((f) => f.size > MAX_PHOTO_BYTES);
  if (tooBig) return t('evaluation.photo_too_big', { name: tooBig.name });
  const wrong = files.find((f) => !/^image\/(jpeg|png)$/.test(f.type));
  if (wrong) return t('evaluation.photo_not_image', { name: wrong.name });
  return Promise.all(
    files.map(
      (file) =>
        new Promise<string>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result).replace(/^data:([^;,]+)/, `data:$1;name=${encodeURIComponent(file.name)}`));
          reader.onerror = () => reject(reader.error);
          reader.readAsDataURL(file);
        }),
    ),
  );
}
