// The languages and the choice between them are shared with the server, which sends the
// pre-rendered public pages in the reader's language (src/server/reader-language.ts).
export * from '../../shared/interface-language';
