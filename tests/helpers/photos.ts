import { crc32 } from 'node:zlib';
import { png } from './images';

/**
 * Photos carrying the metadata a phone camera writes: an Exif block whose GPS IFD holds a latitude
 * (TIFF 6.0 / Exif 2.3 layout, big-endian), a camera make, an XMP packet and a comment.
 */
export const GPS_MARKER = 'GPS-51.5007N';

function exifTiff(): Buffer {
  const tiff = Buffer.alloc(80);
  tiff.write('MM', 0, 'ascii');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8); // IFD0: one entry, GPSInfo pointer
  tiff.writeUInt16BE(0x8825, 10);
  tiff.writeUInt16BE(4, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt32BE(26, 18);
  tiff.writeUInt32BE(0, 22);
  tiff.writeUInt16BE(2, 26); // GPS IFD: latitude ref and latitude
  tiff.writeUInt16BE(0x0001, 28);
  tiff.writeUInt16BE(2, 30);
  tiff.writeUInt32BE(2, 32);
  tiff.write('N\0', 36, 'ascii');
  tiff.writeUInt16BE(0x0002, 40);
  tiff.writeUInt16BE(5, 42);
  tiff.writeUInt32BE(3, 44);
  tiff.writeUInt32BE(56, 48);
  tiff.writeUInt32BE(0, 52);
  [51, 1, 30, 1, 2, 1].forEach((v, i) => tiff.writeUInt32BE(v, 56 + i * 4));
  return tiff;
}

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** A baseline JPEG frame of `width` × `height` (SOF0) whose scan data includes a stuffed 0xFF00 and a restart marker. */
export function jpegParts(width = 640, height = 480) {
  const jfif = segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'));
  const icc = segment(0xe2, Buffer.concat([Buffer.from('ICC_PROFILE\0\x01\x01', 'latin1'), Buffer.alloc(16, 7)]));
  const sof = Buffer.from([0x08, height >> 8, height & 255, width >> 8, width & 255, 0x01, 0x01, 0x11, 0x00]);
  const image = Buffer.concat([
    segment(0xdb, Buffer.alloc(65, 1)),
    segment(0xc0, sof),
    segment(0xc4, Buffer.alloc(29, 0)),
    segment(0xda, Buffer.from([0x01, 0x01, 0x00, 0x00, 0x3f, 0x00])),
    Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]),
    Buffer.from([0xff, 0xd9]),
  ]);
  const exif = segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifTiff()]));
  const xmp = segment(
    0xe1,
    Buffer.from(
      `http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>${GPS_MARKER}</exif:GPSLatitude><tiff:Make>Canon</tiff:Make></x:xmpmeta>`,
      'latin1',
    ),
  );
  const comment = segment(0xfe, Buffer.from(`shot at ${GPS_MARKER}`, 'latin1'));
  const soi = Buffer.from([0xff, 0xd8]);
  return {
    withMetadata: Buffer.concat([soi, jfif, exif, xmp, icc, comment, image, Buffer.from(`trailer ${GPS_MARKER}`, 'latin1')]),
    clean: Buffer.concat([soi, jfif, icc, image]),
  };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG with eXIf (GPS), tEXt, iTXt and tIME chunks inserted after IHDR. */
export function pngParts(width = 4, height = 3) {
  const clean = png(width, height);
  const ihdrEnd = 8 + 25;
  const metadata = Buffer.concat([
    pngChunk('eXIf', exifTiff()),
    pngChunk('tEXt', Buffer.from(`Location\0${GPS_MARKER}`, 'latin1')),
    pngChunk('iTXt', Buffer.from(`Comment\0\0\0\0\0${GPS_MARKER}`, 'latin1')),
    pngChunk('tIME', Buffer.from([0x07, 0xea, 11, 23, 16, 0, 0])),
  ]);
  return { withMetadata: Buffer.concat([clean.subarray(0, ihdrEnd), metadata, clean.subarray(ihdrEnd)]), clean };
}
