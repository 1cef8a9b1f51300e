// Which columns hold a file store key: what `portal backup`, doctor and `migrate-to` follow to find
// every stored file by reading the database as a whole, without knowing each feature. A column
// named `storage_key` (a document's file, a version's, a signature template's PDF) or ending in
// `_storage_key` (a signature request's original), and the signers' drawn signatures
// (`signature_key`). A new column holding a stored file's key takes one of these names.
export const isStoredFileColumn = (name: string): boolean => name === "storage_key" || name.endsWith("_storage_key") || name === "signature_key";
