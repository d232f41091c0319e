import { Navigate, Route, Routes } from 'react-router';
import { AuditPrintPage } from './routes/AuditPrintPage';
import { AuditSearchPage } from './routes/AuditSearchPage';
import { BlankPage } from './routes/BlankPage';
import { FlowHomePage } from './routes/FlowHomePage';
import { FormPage } from './routes/FormPage';
import { HelpPage } from './routes/HelpPage';
import { HomePage } from './routes/HomePage';
import { LogonPage } from './routes/LogonPage';
import {
  DashboardPage,
  FilterEditorPage,
  PermissionsEditorPage,
  PermissionsOverviewPage,
} from './routes/lazy-pages';
import { NotFoundPage } from './routes/NotFoundPage';
import { ProfilePage } from './routes/ProfilePage';
import { RootRoute } from './routes/RootRoute';
import { SecurityEventsPage } from './routes/SecurityEventsPage';
import { StepPage } from './routes/StepPage';
import { SystemPage } from './routes/SystemPage';

/** The routes of the reference host (CONTRACT "Routes of the reference host"). */
export function App() {
  return (
    <Routes>
      <Route path="/logon" element={<LogonPage />} />
      <Route path="/blank" element={<BlankPage />} />
      <Route path="/help" element={<Navigate to="/help/getting-started" replace />} />
      <Route path="/help/:topic" element={<HelpPage />} />
      {/* Every other page is a signed-in page inside the application shell. */}
      <Route path="/" element={<RootRoute />}>
        <Route index element={<HomePage />} />
        <Route path="form" element={<FormPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="apps/flow/home/flow" element={<FlowHomePage />} />
        <Route path="apps/flow/step" element={<StepPage />} />
        <Route path="audit" element={<AuditSearchPage />} />
        <Route path="audit-print" element={<AuditPrintPage />} />
        <Route path="security-events" element={<SecurityEventsPage />} />
        <Route path="filter-editor" element={<FilterEditorPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="_forms/form" element={<PermissionsEditorPage />} />
        <Route path="permissions" element={<PermissionsOverviewPage />} />
        <Route path="system" element={<SystemPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
