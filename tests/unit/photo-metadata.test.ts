import { describe, expect, it } from 'vitest';
import { acceptPhoto, MAX_PHOTO_BYTES } from '../../src/server/api/evaluation-requests/photos';
import { stripJpegMetadata, stripPngMetadata } from '../../src/server/api/evaluation-requests/strip-metadata';
import { dataUrl } from '../helpers/images';
import { GPS_MARKER, jpegParts, pngParts } from '../helpers/photos';

const has = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(Buffer.from(text, 'latin1'));
// The GPS IFD's GPSLatitude entry (tag 0x0002, type RATIONAL, count 3) as it is written in the Exif block.
const GPS_ENTRY = Buffer.from([0x00, 0x02, 0x00, 0x05, 0x00, 0x00, 0x00, 0x03]);

describe('photo metadata stripping', () => {
  it('removes Exif (with its GPS IFD), XMP, comments and trailers from a JPEG and keeps JFIF, ICC and the image bytes', () => {
    const { withMetadata, clean } = jpegParts();
    expect(has(withMetadata, 'Exif') && withMetadata.includes(GPS_ENTRY) && has(withMetadata, GPS_MARKER)).toBe(true);
    const stripped = stripJpegMetadata(withMetadata)!;
    expect(Buffer.from(stripped).equals(clean)).toBe(true);
    expect(has(stripped, 'Exif')).toBe(false);
    expect(Buffer.from(stripped).includes(GPS_ENTRY)).toBe(false);
    expect(has(stripped, GPS_MARKER)).toBe(false);
    expect(has(stripped, 'ICC_PROFILE')).toBe(true);
    console.log(`JPEG: ${withMetadata.length} bytes with metadata, ${stripped.length} after stripping`);
  });

  it('removes eXIf, tEXt, iTXt and tIME chunks from a PNG and keeps the image chunks', () => {
    const { withMetadata, clean } = pngParts();
    const stripped = stripPngMetadata(withMetadata)!;
    expect(Buffer.from(stripped).equals(clean)).toBe(true);
    expect(has(stripped, 'eXIf') || has(stripped, GPS_MARKER) || has(stripped, 'tIME')).toBe(false);
  });

  it('refuses truncated or malformed files', () => {
    const { withMetadata } = jpegParts();
    expect(stripJpegMetadata(withMetadata.subarray(0, 40))).toBeNull();
    expect(stripPngMetadata(pngParts().withMetadata.subarray(0, 60))).toBeNull();
    expect(stripJpegMetadata(Buffer.from('not a jpeg'))).toBeNull();
  });

  it('accepts JPEG and PNG data URLs by their bytes, stripped, and refuses other types, lies and oversize files', () => {
    const photo = acceptPhoto(dataUrl(jpegParts().withMetadata, 'desk.jpg', 'image/jpeg'), 1);
    if (typeof photo === 'string') throw new Error(photo);
    expect(photo.contentType).toBe('image/jpeg');
    expect(has(photo.bytes, GPS_MARKER)).toBe(false);
    // A PNG named and typed as JPEG is stored as the PNG its bytes say it is.
    expect(acceptPhoto(dataUrl(pngParts().withMetadata, 'desk.jpg', 'image/jpeg'), 2)).toMatchObject({ contentType: 'image/png' });
    expect(acceptPhoto(dataUrl(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'a.gif', 'image/gif'), 3)).toBe(
      'Photo 3 must be a JPEG or PNG image.',
    );
    expect(acceptPhoto(dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.png', 'image/png'), 1)).toBe(
      'Photo 1 must be a JPEG or PNG image.',
    );
    expect(acceptPhoto(dataUrl(Buffer.concat([jpegParts().clean, Buffer.alloc(MAX_PHOTO_BYTES)]), 'big.jpg', 'image/jpeg'), 4)).toBe(
      'Photo 4 is larger than 5 MB.',
    );
    expect(acceptPhoto('data:image/jpeg;base64,/9j/AAAA', 5)).toBe('Photo 5 is not a readable JPEG image.');
    expect(acceptPhoto('not a data url', 1)).toBe('Photo 1 must be an image file.');
  });
});
