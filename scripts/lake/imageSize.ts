/** Width, height and type of an uploaded image from its header (PNG, JPEG, GIF, WebP): the asset metadata the Studio shows. */
export function imageSize(bytes: Buffer): { width: number; height: number; extension: string; mimeType: string } {
  if (bytes.subarray(1, 4).toString('ascii') === 'PNG') return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), extension: 'png', mimeType: 'image/png' }
  if (bytes.subarray(0, 3).toString('ascii') === 'GIF') return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8), extension: 'gif', mimeType: 'image/gif' }
  if (bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP') {
    const chunk = bytes.subarray(12, 16).toString('ascii')
    if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3), extension: 'webp', mimeType: 'image/webp' }
    if (chunk === 'VP8L') {
      const bits = bytes.readUInt32LE(21)
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff), extension: 'webp', mimeType: 'image/webp' }
    }
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff, extension: 'webp', mimeType: 'image/webp' }
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2
    while (offset < bytes.length) {
      const marker = bytes[offset + 1]!
      const length = bytes.readUInt16BE(offset + 2)
      // Start-of-frame markers (SOF0–SOF15 but DHT, JPG, DAC) carry the dimensions.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
        return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7), extension: 'jpg', mimeType: 'image/jpeg' }
      offset += 2 + length
    }
  }
  throw new Error('The local Content Lake takes PNG, JPEG, GIF and WebP images')
}
