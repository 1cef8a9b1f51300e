// Where the self-signed sealing certificate lives in DATA_DIR: named on its own, without the
// certificate code (and node-forge), so `portal backup` can archive it without loading either.
export const SELF_SIGNED_FILE = "signing-cert.p12";
