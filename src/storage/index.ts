export { LocalObjectStore } from './local-store.js';
export { MemoryObjectStore, type MemoryObjectStoreOptions } from './memory-store.js';
export {
  ObjectAlreadyExistsError,
  type ObjectMeta,
  ObjectNotFoundError,
  type ObjectStore,
} from './object-store.js';
export { storeForUrl } from './store-for-url.js';
