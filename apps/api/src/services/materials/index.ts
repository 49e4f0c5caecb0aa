// Marketing materials: the library, uploaded files recognised by their bytes, signed download addresses, the demo's generated files.
export * from './demo-materials';
export * from './download-tokens';
export * from './file-types';
export * from './materials';
