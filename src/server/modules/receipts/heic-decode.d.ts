declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  /** An image of the file, its size read from the header, its pixels decoded on demand. */
  interface ImageHandle {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  function decode(options: { buffer: Buffer | ArrayBuffer | Uint8Array }): Promise<DecodedImage>;
  namespace decode {
    function all(options: {
      buffer: Buffer | ArrayBuffer | Uint8Array;
    }): Promise<ImageHandle[] & { dispose(): void }>;
  }
  export default decode;
}
