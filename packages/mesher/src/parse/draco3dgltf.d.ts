// `draco3dgltf` ships no types: the two factories it exports, each resolving to an Emscripten
// module (geometry-decoders.ts types the decoder's part it uses; the tests use the encoder).
declare module 'draco3dgltf' {
  const draco3d: {
    createDecoderModule(options?: object): Promise<unknown>;
    createEncoderModule(options?: object): Promise<unknown>;
  };
  export default draco3d;
}
