/**
 * The webhook front door (docs/intake.md): an HTTP API with an explicit `$default` stage
 * (access logs, throttling) and four routes to the intake function — six with feedback
 * (`GET` and `POST /feedback/{token}`, §4.10). Any other path is answered 404 by API Gateway
 * without invoking anything.
 */
import { CfnOutput, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/**
 * Throttling of the stage. Alertmanager never retries a 429 (it resends on 5xx only), so
 * a throttled webhook is a lost alert: the limits are set far above what Alertmanager
 * sends — it groups alerts, so even a 1,000-workload storm is a handful of requests —
 * and exist only to cap the cost of a flood from a leaked token or a misconfigured sender.
 */
export const API_THROTTLE = { rateLimit: 100, burstLimit: 500 } as const;

/** One JSON object per request: what Logs Insights needs to find a sender's failures, nothing of the body. */
const ACCESS_LOG_FORMAT = JSON.stringify({
  requestId: '$context.requestId',
  time: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  method: '$context.httpMethod',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationStatus: '$context.integration.status',
  integrationLatencyMs: '$context.integration.latency',
  integrationError: '$context.integrationErrorMessage',
});

export interface IntakeApiProps {
  intake: IFunction;
  logRetentionDays: number;
  /** The "Was this right?" page (§4.10): GET and POST /feedback/{token}. */
  feedback: boolean;
}

export class IntakeApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: logs.LogGroup;

  constructor(scope: Construct, id: string, props: IntakeApiProps) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', {
      description: 'runai-diagnose webhooks: Alertmanager and Run:ai failure notifications',
      createDefaultStage: false,
    });
    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.logRetentionDays as logs.RetentionDays,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(ACCESS_LOG_FORMAT),
      },
    });

    const integration = new HttpLambdaIntegration('Intake', props.intake);
    this.api.addRoutes({ path: '/webhooks/alertmanager', methods: [HttpMethod.POST], integration });
    this.api.addRoutes({ path: '/webhooks/runai', methods: [HttpMethod.POST], integration });
    this.api.addRoutes({ path: '/healthz', methods: [HttpMethod.GET], integration });
    this.api.addRoutes({ path: '/readyz', methods: [HttpMethod.GET], integration });
    if (props.feedback) this.api.addRoutes({ path: '/feedback/{token}', methods: [HttpMethod.GET, HttpMethod.POST], integration });

    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Authorization is done by the intake itself: every /webhooks route and /readyz require Authorization: Bearer <token>, ' +
        'compared in constant time with the current and previous token from Secrets Manager (functions/intake/createTokenChecker.ts), ' +
        'and rejected with 401 before the body is parsed. Alertmanager can only send a static bearer token or basic auth ' +
        '(http_config.authorization), so an IAM or JWT authorizer is impossible, and a Lambda authorizer would repeat the same ' +
        'comparison at the cost of a second invocation. GET /healthz is public by design and returns no data. ' +
        'GET and POST /feedback/{token} (when feedback is on) are opened from an email or chat link in a browser, which cannot send a header: ' +
        'the HMAC-signed, expiring token in the path is the credential, verified by the intake before anything is read or stored ' +
        '(functions/feedback/feedbackToken.ts), and a refused token gets a 4xx page.',
    });

    new CfnOutput(scope, 'WebhookBaseUrl', {
      value: this.api.apiEndpoint,
      description:
        'POST {url}/webhooks/alertmanager, POST {url}/webhooks/runai, GET {url}/healthz, GET {url}/readyz (bearer token)' +
        (props.feedback ? '; GET/POST {url}/feedback/{token} (signed links in the verdicts)' : ''),
    });
  }
}
