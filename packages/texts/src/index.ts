export { type CatalogueProblemsOptions, catalogueProblems } from './catalogue-problems';
export {
  mergeTexts,
  type ProcedoTextCatalogues,
  type ProcedoTextOverrides,
  ProcedoTexts,
  type ProcedoTextsProps,
  type TextOverrides,
  useCatalogue,
  useTextsLocale,
} from './texts-context';
