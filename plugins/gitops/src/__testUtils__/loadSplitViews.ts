/*
 * The views the plugin code-splits (React.lazy: loaded when first shown in
 * a built app), loaded here with the test file: the first test that opens
 * one then waits for the component, not for Jest to transform and load its
 * module graph within the test's timeout.
 */
import '../components/ApplicationDrawer/ApplicationDetails';
import '../components/DeliveryMetricsFleet/DeliveryTrendChart';
import '../components/GitOpsFleetPage/AuditView';
import '../components/GitOpsFleetPage/RepositoriesView';
