/** The photo limits the server enforces again on the bytes (src/server/evaluations/photos.ts). */
export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** Reads chosen files as data URLs, or returns the message to show (checked again by the server). */
export async function readPhotos(files: readonly File[]): Promise<string[] | string> {
  if (files.length > MAX_PHOTOS) return `Choose at most ${MAX_PHOTOS} photos.`;
  const tooBig = files.find((f) => f.size > MAX_PHOTO_BYTES);
  if (tooBig) return `${tooBig.name} is larger than 5 MB.`;
  const wrong = files.find((f) => !/^image\/(jpeg|png)$/.test(f.type));
  if (wrong) return `${wrong.name} is not a JPEG or PNG photo.`;
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
