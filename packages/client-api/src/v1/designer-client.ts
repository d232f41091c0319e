import { createV1Request, type V1ClientOptions } from './create-request';
import { createDesignerApi, type DesignerApi } from './designer';
import { createDesignerCommandsApi, type DesignerCommandsApi } from './designer-commands';
import { createDatasourcesApi, type DatasourcesApi } from './designer-datasources';
import { createFilterManagerApi, type FilterManagerApi } from './designer-filters';
import { createDesignerNavigationApi, type DesignerNavigationApi } from './designer-navigation';
import type { V1Request } from './request';

/**
 * The designers' resources of the v1 API (`@procedo/client-api/designer`), apart from
 * `createV1Client` so that only the designers' pages load their schemas and rules.
 */
export interface DesignerClient {
  /** The core request function, for resources not wrapped yet. */
  request: V1Request;
  /** `designer/forms…`: form definition versions, their diffs and publishing (the `design` role). */
  designer: DesignerApi & {
    /** `designer/commands…`: process command versions and publishing (the `design` role). */
    commands: DesignerCommandsApi;
    /** `designer/navigation…`: profile navigation versions and publishing (the `navigation-design` role). */
    navigation: DesignerNavigationApi;
  };
  /** `designer/datasources…` (the `design` role), and `forms/{no}/datasource` as `v1.datasources` has it. */
  datasources: DatasourcesApi;
  /** `designer/filters…`: every user's saved filters of a form, managed by designers (the `design` role). */
  filterManager: FilterManagerApi;
}

/**
 * Creates the designers' v1 client (ky + zod) with the options of `createV1Client`: the same
 * request function, so CSRF, the ajax counter, the timeout cookie, the read-only timepoint and
 * the errors are those of every other call.
 */
export function createDesignerClient(options: V1ClientOptions = {}): DesignerClient {
  const request = createV1Request(options);
  return {
    request,
    designer: {
      ...createDesignerApi(request),
      commands: createDesignerCommandsApi(request),
      navigation: createDesignerNavigationApi(request),
    },
    datasources: createDatasourcesApi(request),
    filterManager: createFilterManagerApi(request),
  };
}
