/**
 * The French message catalog: a faithful translation of `messagesEn`, with French report
 * labels (Catégorie, Preuves, Recommandation, Limites) and French typography (space before
 * `:` and `;`, guillemets « … »). Cluster text, category names, route names, Kubernetes
 * terms and kubectl commands stay as is.
 */
import { formatBytes } from '../core/parseQuantity.js';
import type { SpecField } from '../diagnosis/model/SpecField.js';
import type { SpecPartName } from '../diagnosis/ports/workloadKinds.js';
import type { Category } from '../core/verdict.js';
import type { ExitCodeMeaning } from '../diagnosis/model/ExitCodeMeaning.js';
import type { Fact } from '../diagnosis/model/Fact.js';
import type { NodeRemoval, SignalKind } from '../diagnosis/model/Signal.js';
import type { CollateralFormat, OriginUnknownReason } from '../diagnosis/model/DistributedFinding.js';
import type { ExitCodeNote, RecommendationTexts } from '../diagnosis/model/Recommendation.js';
import type { Tier2FailureReason, Tier2Limitation, Tier2Read } from '../diagnosis/model/Tier2Evidence.js';
import type { Messages } from './Messages.js';
import type { MemoryShapeName } from '../diagnosis/model/MemoryShapeName.js';
import type { XidBucket } from '../diagnosis/model/XidReading.js';

const days = (n: number) => (n === 1 ? '1 jour' : `${n} jours`);
/** "au cours du dernier jour" / "au cours des 7 derniers jours". */
const inTheLast = (n: number) => (n === 1 ? 'au cours du dernier jour' : `au cours des ${n} derniers jours`);
const quoted = (text: string) => `« ${text} »`;
/** Which pod spec of a multi-part workload a submitted field came from. */
const partOf = (part: SpecPartName | undefined) => (part ? ` (${part})` : '');
const SPEC_FIELD: Record<SpecField, string> = {
  image: "d'image",
  command: 'de commande',
  memory: 'de demande ni de limite de mémoire CPU',
  restartPolicy: 'de politique de redémarrage',
};
const times = (n: number) => (n > 1 ? ` (×${n})` : '');
const failures = (n: number) => (n >= 2 ? 'défaillances' : 'défaillance');

const CATEGORY_SUMMARY: Record<Category, string> = {
  OOM_KILLED: 'un conteneur a été tué pour avoir dépassé sa limite de mémoire',
  IMAGE_PULL_FAILED: "le pull de l'image du conteneur a échoué",
  INIT_FAILED: 'un conteneur init a échoué',
  DATASOURCE_MOUNT_FAILED: "un volume ou une source de données n'a pas pu être monté",
  CRASH_APP_ERROR: "le conteneur principal s'est terminé sur une erreur applicative",
  NODE_FAILURE: "le nœud qui l'exécutait est tombé en panne ou l'a évincée",
  SCHEDULING_POLICY_TERMINATED: "une politique de planification l'a arrêtée",
  UNKNOWN: 'les preuves Tier 1 sont insuffisantes pour nommer une cause',
};

/** Ce que signifie généralement un code de sortie (la table partagée, functions/diagnosis/signals/exitCodes.ts). */
const EXIT_CODE_MEANING: Record<ExitCodeNote['meaning'], string> = {
  'app-error': 'une erreur applicative générale',
  'usage-error': "une erreur d'utilisation ou d'argument",
  'not-executable': "une commande qui n'a pas pu être exécutée (permissions)",
  'command-not-found': "une commande introuvable (vérifiez l'image et la commande)",
  sigint: 'une interruption (SIGINT)',
  sigabrt: 'un abandon (SIGABRT, souvent une assertion échouée)',
  sigkill: 'un kill (SIGKILL) envoyé par le noyau, le kubelet ou un autre processus',
  sigsegv: 'une erreur de segmentation (SIGSEGV)',
  sigterm: 'une demande de terminaison (SIGTERM)',
  signal: 'une terminaison par un signal',
};

/** La forme courte utilisée dans une ligne de preuve. */
const EXIT_CODE_LABEL: Record<ExitCodeMeaning, string> = {
  success: 'succès',
  'app-error': 'erreur applicative',
  'usage-error': "erreur d'utilisation",
  'not-executable': 'non exécutable',
  'command-not-found': 'commande introuvable',
  sigint: 'SIGINT',
  sigabrt: 'SIGABRT',
  sigkill: 'SIGKILL',
  sigsegv: 'SIGSEGV',
  sigterm: 'SIGTERM',
  signal: 'tué par un signal',
};

const TIER2_READ: Record<Tier2Read, string> = {
  pod: 'le statut du pod est indisponible',
  events: 'les événements du pod sont indisponibles',
  logs: 'les logs sont indisponibles',
  node: 'les conditions du nœud sont indisponibles',
};

function tier2FailureReason(reason: Tier2FailureReason, read: Tier2Read): string {
  switch (reason) {
    case 'not-found':
      return read === 'node' ? 'nœud introuvable' : read === 'events' ? 'espace de noms introuvable' : 'pod introuvable';
    case 'no-previous':
      return "le conteneur n'a pas d'instance précédente terminée";
    case 'unauthorized':
      return "l'API Kubernetes a refusé le token Tier 2 (HTTP 401)";
    case 'forbidden':
      return "le compte Tier 2 n'a pas le droit de le lire (HTTP 403)";
    case 'bad-request':
      return "l'API Kubernetes a rejeté la requête";
    case 'unavailable':
      return "l'API Kubernetes a répondu par une erreur serveur";
    case 'timeout':
      return "l'API Kubernetes n'a pas répondu à temps";
    case 'network':
      return "l'API Kubernetes est injoignable";
    case 'bad-response':
      return "l'API Kubernetes a répondu par un corps inattendu";
    case 'credentials':
      return "le token ou le fichier CA Tier 2 n'a pas pu être lu";
  }
}

const TIER2_WHAT: Record<'namespace' | 'pod' | 'node', string> = { namespace: "l'espace de noms", pod: 'le pod', node: 'le nœud' };

function tier2Limitation(limitation: Tier2Limitation): string {
  switch (limitation.type) {
    case 'read-failed':
      return `Tier 2 : ${TIER2_READ[limitation.read]} : ${tier2FailureReason(limitation.reason, limitation.read)} (${limitation.command}).`;
    case 'no-namespace':
      return "Tier 2 est configuré, mais la workload n'indique ni espace de noms ni projet : l'espace de noms Kubernetes n'a pas été deviné, aucune preuve Tier 2 n'a donc été lue.";
    case 'no-pod':
      return "Tier 2 est configuré, mais aucun nom de pod n'est connu pour cette workload : ni statut de pod, ni événements, ni logs n'ont été lus.";
    case 'invalid-name':
      return `Tier 2 n'a pas lu ${TIER2_WHAT[limitation.what]} ${limitation.name} : ce n'est pas un nom Kubernetes valide.`;
    case 'no-failed-container':
      return `Tier 2 n'a trouvé aucun conteneur terminé avec un code non nul dans le pod ${limitation.podName} : aucun log n'a été lu.`;
    case 'log-empty':
      return `Le log lu par Tier 2 est vide (${limitation.command}).`;
    case 'log-truncated':
      return `Le log lu par Tier 2 a été coupé à ${Math.round(limitation.bytes / 1024)} KiB (${limitation.command}) : ses dernières lignes peuvent manquer.`;
    case 'no-node':
      return "Tier 2 n'a pas pu lire les conditions du nœud : aucun nom de nœud n'est connu.";
    case 'pods-capped':
      return `Tier 2 a inspecté ${limitation.inspected} pods sur ${limitation.total}.`;
    case 'pods-list-failed': {
      const why =
        limitation.reason === 'unlabelled'
          ? "elle n'a renvoyé aucun pod de la workload (pas de label workloadName)"
          : limitation.reason === 'invalid-name'
            ? "le nom de la workload n'est pas une valeur de label valide"
            : tier2FailureReason(limitation.reason, 'events'); // a namespaced list's 404 is the namespace's
      const command = limitation.command ? ` (${limitation.command})` : '';
      return `Tier 2 n'a pas pu lister les pods de la workload : ${why}${command}. Les réplicas ont été lus dans l'ordre des heures de fin de Run:ai, qui peuvent retarder sur celles des conteneurs.`;
    }
    case 'pods-list-partial':
      return `Tier 2 a listé ${limitation.listed} des ${limitation.total} pods de la workload avant sa limite de pages (${limitation.command}) : les autres ont été ordonnés par les heures de fin de Run:ai, qui peuvent retarder sur celles des conteneurs.`;
  }
}

const restarts = (n: number | null) => (n ? ` ; redémarrages : ${n}` : '');

function renderFact(fact: Fact): string {
  switch (fact.type) {
    case 'event': {
      const object = fact.objectName ? ` ; objet : ${fact.objectName}` : '';
      return `Raison de l'événement : ${fact.reason} ; message : ${quoted(fact.message)}${object}${times(fact.repeats)}`;
    }
    case 'phase': {
      const reason = fact.phaseReason ? ` ; raison : ${fact.phaseReason}` : '';
      const message = fact.phaseMessage ? ` ; message : ${quoted(fact.phaseMessage)}` : '';
      const also = fact.alsoCondition ? ` (également le message de la condition ${fact.alsoCondition})` : '';
      return `Phase : ${fact.phase}${reason}${message}${also}`;
    }
    case 'condition': {
      const reason = fact.reason ? ` ; raison : ${fact.reason}` : '';
      const message = fact.message ? ` ; message : ${quoted(fact.message)}` : '';
      const also = fact.alsoPhase ? ' (également le message de la phase)' : '';
      return `Condition ${fact.conditionType}=${fact.status ?? 'inconnu'}${reason}${message}${also}`;
    }
    case 'pod': {
      const node = fact.nodeName ? ` ; nœud : ${fact.nodeName}` : '';
      const limit = fact.memoryLimitBytes !== null ? ` ; limite de mémoire : ${formatBytes(fact.memoryLimitBytes)}` : '';
      return `Pod ${fact.podName} k8sPhase : ${fact.k8sPhase}${node}${limit}`;
    }
    case 'history-event':
      return `Raison de l'événement d'historique : ${fact.reason} ; message : ${quoted(fact.message)}${times(fact.repeats)}`;
    case 'history-phase':
      return `Mise à jour de phase dans l'historique : ${fact.phase}${fact.phaseMessage ? ` ; message : ${quoted(fact.phaseMessage)}` : ''}`;
    case 'pending-scheduling': {
      const pool = fact.nodePool ? ` (node pool ${fact.nodePool})` : '';
      const user = fact.userMessage ? ` — ${quoted(fact.userMessage)}` : '';
      return `Message de planification en attente${pool} : ${quoted(fact.reason)}${user}`;
    }
    case 'spec-memory':
      return `Demande/limite de mémoire soumise${partOf(fact.part)} : ${fact.requestBytes !== null ? formatBytes(fact.requestBytes) : 'non définie'} / ${fact.limitBytes !== null ? formatBytes(fact.limitBytes) : 'non définie'}`;
    case 'spec-image':
      return `Image soumise${partOf(fact.part)} : ${quoted(fact.image)}`;
    case 'spec-restart-policy':
      return `Politique de redémarrage${partOf(fact.part)} : ${fact.restartPolicy}${fact.backoffLimit !== null ? ` ; limite de backoff : ${fact.backoffLimit}` : ''}`;
    case 'spec-command':
      return `Commande soumise${partOf(fact.part)} : ${quoted(fact.command)}`;
    case 'metrics-peak': {
      const share = fact.limitBytes
        ? ` = ${Math.round((fact.peakBytes / fact.limitBytes) * 100)} % de la limite de ${formatBytes(fact.limitBytes)}`
        : ' (aucune limite de mémoire à laquelle le comparer)';
      return `Pic d'utilisation de mémoire CPU : ${formatBytes(fact.peakBytes)}${share} (${fact.samples} échantillon${fact.samples === 1 ? '' : 's'})`;
    }
    case 'metrics-empty':
      return "Aucun échantillon de mémoire CPU n'a été enregistré avant la terminaison : aucun pic observé";
    case 'memory-shape':
      return `Courbe de mémoire CPU (${fact.samples} échantillons, à l'échelle ${fact.scaledTo === 'limit' ? 'de la limite' : 'du pic : aucune limite connue'}) : ${fact.sparkline} ${MEMORY_SHAPE[fact.shape]}`;
    case 'exit-code':
      return `Code de sortie ${fact.exitCode} : ${quoted(fact.quoted)}`;
    case 'no-pods':
      return "Aucun pod n'a été retourné pour cette workload";
    case 'container-terminated': {
      const meaning = fact.meaning ? ` (${EXIT_CODE_LABEL[fact.meaning]})` : '';
      const reason = fact.reason ? ` ; raison : ${fact.reason}` : '';
      const message = fact.message ? ` ; message : ${quoted(fact.message)}` : '';
      return `${fact.init ? 'Conteneur init' : 'Conteneur'} ${fact.container} du pod ${fact.podName} : ${fact.previous ? 'dernière terminaison' : 'terminaison'} avec le code de sortie ${fact.exitCode}${meaning}${reason}${message}${restarts(fact.restartCount)}`;
    }
    case 'container-waiting': {
      const message = fact.message ? ` ; message : ${quoted(fact.message)}` : '';
      return `${fact.init ? 'Conteneur init' : 'Conteneur'} ${fact.container} du pod ${fact.podName} en attente : ${fact.reason}${message}${restarts(fact.restartCount)}`;
    }
    case 'pod-status': {
      const reason = fact.reason ? ` ; raison : ${fact.reason}` : '';
      const message = fact.message ? ` ; message : ${quoted(fact.message)}` : '';
      const node = fact.nodeName ? ` ; nœud : ${fact.nodeName}` : '';
      return `Statut du pod ${fact.podName} : ${fact.phase ?? 'inconnu'}${reason}${message}${node}`;
    }
    case 'node-condition': {
      const reason = fact.reason ? ` ; raison : ${fact.reason}` : '';
      const message = fact.message ? ` ; message : ${quoted(fact.message)}` : '';
      return `Nœud ${fact.nodeName}, condition ${fact.conditionType}=${fact.status}${reason}${message}`;
    }
    case 'log-line':
      return `${fact.fallback ? 'Dernière ligne de log' : 'Ligne de log en échec'} du conteneur ${fact.container} (pod ${fact.podName}${fact.previous ? ', exécution précédente' : ''}) : ${quoted(fact.line)}`;
  }
}

/** « Le code de sortie 1 signifie généralement … » ajouté à une recommandation, quand le code a un sens à préciser. */
const exitSentence = (exit: ExitCodeNote | null) =>
  exit ? ` Le code de sortie ${exit.exitCode} signifie généralement ${EXIT_CODE_MEANING[exit.meaning]}.` : '';
const reportNodes = (nodeNames: string[]) =>
  nodeNames.length > 0
    ? ` Signalez ${nodeNames.length > 1 ? 'les nœuds' : 'le nœud'} ${nodeNames.join(', ')} à l'équipe plateforme (kubectl describe node).`
    : '';
const imageSuffix = (image: string | null) => (image ? ` ${quoted(image)}` : '');
const REMOVAL_CAUSE: Record<NodeRemoval, string> = {
  'spot-interruption': "une interruption spot (le cloud a repris l'instance)",
  consolidation: "une consolidation par l'autoscaler de nœuds",
  drift: "un remplacement pour dérive (drift) par l'autoscaler de nœuds",
  expiration: "l'expiration du nœud par l'autoscaler de nœuds",
  'scale-down': 'une réduction (scale-down) par le cluster autoscaler',
  'node-deleted': 'la suppression de son instance chez le fournisseur cloud',
  'node-shutdown': 'un arrêt du nœud',
};

const MEMORY_SHAPE: Record<MemoryShapeName, string> = {
  'steady-climb': 'montée régulière (une fuite ou un cache qui grandit)',
  'sudden-step': "saut brutal (un batch, une passe d'évaluation ou un checkpoint)",
  'plateau-at-limit': 'plateau à la limite',
  irregular: 'pas de forme nette',
};

/** Ce que le catalogue Xid de NVIDIA dit de faire d'abord, par catégorie de résolution (gpu/xidCatalogue.ts). */
const XID_ACTION: Record<XidBucket, string> = {
  RESET_GPU: "drainer le nœud et réinitialiser le GPU (nvidia-smi -r) avant qu'il ne reprenne du travail ; contacter le support NVIDIA si cela se reproduit",
  RESTART_BM: 'drainer le nœud et le redémarrer électriquement (une réinitialisation du GPU ne suffit pas) ; contacter le support NVIDIA si cela se reproduit',
  CONTACT_SUPPORT: 'drainer le nœud et contacter le support NVIDIA',
  RESTART_APP: "redémarrer l'application ; contacter le support NVIDIA si cela se reproduit",
  IGNORE: "aucune action sur le GPU ; regarder l'erreur qui l'a précédé",
};

/** Ce qui a mis fin au réplica d'origine d'une charge distribuée, après « a échoué en premier à … ( ». */
const ORIGIN_KIND: Record<SignalKind, string> = {
  OOM_KILLED: 'tué pour dépassement mémoire (OOM)',
  IMAGE_PULL: "échec du téléchargement de l'image",
  INIT_FAILED: "échec du conteneur d'initialisation",
  MOUNT_FAILED: 'échec du montage de volume',
  CONTAINER_CRASH: 'sorti en erreur',
  CRASH_LOOP: 'redémarrages en boucle',
  EXIT_SYSTEM_SIGNAL: 'tué par un signal',
  POD_ERROR: 'pod en échec',
  NODE_FAILURE: 'panne du nœud',
  EVICTED: 'évincé',
  SCHEDULING_POLICY: 'arrêté par une politique',
  PREEMPTED: 'préempté',
  UNSCHEDULABLE: 'non planifiable',
  PROBE_FAILURE: 'sonde en échec',
  PROBE_KILL: 'tué par sa sonde',
  CONTAINER_START_ERROR: 'démarrage impossible',
  NODE_START_FAILURE: "le nœud n'a pas pu le démarrer",
  ADMISSION_DENIED: 'admission refusée',
  POD_CREATE_FAILED: 'ses pods n’ont pas pu être créés',
  STORAGE_LIMIT_EXCEEDED: 'limite de stockage dépassée',
  GPU_UNREACHABLE: 'a perdu son GPU',
  UNCATEGORISED: 'en échec',
};

/** Comment les pairs du réplica d'origine ont échoué, au pluriel. */
const COLLATERAL_FORMAT: Record<CollateralFormat, string> = {
  'nccl-timeout': 'délais NCCL dépassés',
  'nccl-remote-error': 'erreurs NCCL distantes',
  'c10d-store': 'erreurs de connexion c10d/TCPStore',
  'elastic-child-failed': 'ChildFailedError de torchelastic',
  sigterm: 'sorties sur SIGTERM',
  'launcher-child-failed': 'Composer « Rank N crashed »',
  'mpi-peer-exit': 'MPI « exited on signal 15 »',
  'ray-peer-death': 'morts de pairs Ray',
  'coordination-heartbeat': 'battements de cœur du service de coordination manqués',
  'peer-connection-lost': 'connexions fermées par un pair',
  'preempted-after': 'préemptés après lui',
};

const ORIGIN_UNKNOWN: Record<OriginUnknownReason, (replicas: number) => string> = {
  'no-timestamps': (n) =>
    `${n} réplicas ont échoué, mais rien de ce qui a été lu ne date leurs échecs (ni fin de pod, ni événement, ni heure de conteneur) pour les ordonner`,
  'same-second': () => 'deux réplicas ou plus ont échoué pour leur propre compte dans la même seconde',
  'tied-unread': (n) =>
    `un réplica montre une cause propre dans ce que Tier 2 a lu, et ${n} autre${n === 1 ? '' : 's'} réplica${n === 1 ? '' : 's'} en échec dans la même seconde ${n === 1 ? "s'est arrêté" : 'se sont arrêtés'} de ${n === 1 ? 'lui-même' : 'eux-mêmes'} (un code de sortie, sans signal) sans que ${n === 1 ? 'son journal soit lu' : 'leurs journaux soient lus'} (Tier 2 lit quelques journaux) : ${n === 1 ? 'il a pu' : "chacun d'eux a pu"} échouer pour son propre compte aussi`,
  'only-collateral': (n) =>
    `chacun des ${n} réplicas en échec ne montre que la mort d'un pair (délai NCCL, connexion réinitialisée, SIGTERM…) : le réplica qui l'a déclenchée n'a laissé aucune trace dans ce qui a été lu`,
  'common-cause': (n) =>
    `les ${n} réplicas qui montrent une cause ont chacun échoué sur la même cause propre en moins d'une seconde : l'échec leur est commun, aucun ne l'a déclenché et aucun n'est la conséquence d'un autre (un réplica dont le journal n'a pas été lu n'est compté ni comme l'un ni comme l'autre)`,
  'no-replica-failure': () => "aucun échec n'a pu être rattaché à l'un de ses pods",
};

const RECOMMENDATION: RecommendationTexts = {
  'raise-memory-limit': ({ limitBytes, peakBytes }) =>
    `Profilez la mémoire et augmentez la limite ${formatBytes(limitBytes)} avec un headroom suffisant${peakBytes !== null ? ` au-dessus du pic observé de ${formatBytes(peakBytes)}` : ''} avant de relancer.`,
  'set-memory-limit': () =>
    "Profilez la mémoire et définissez une limite de mémoire CPU explicite avec un headroom suffisant avant de relancer (aucune limite n'a été trouvée).",
  'check-batch-memory': () =>
    'Enquêtez sur la taille du batch et la croissance mémoire du dataloader ; envisagez des batches plus petits ou le gradient checkpointing.',
  'check-batch-size-env': () => "Vérifiez que les variables d'environnement obsolètes ne remplacent pas la taille du batch.",
  'find-memory-growth': () =>
    "La mémoire a monté régulièrement jusqu'au kill : cherchez une fuite ou un cache sans borne (tenseurs conservés d'un pas à l'autre, métriques ajoutées à chaque pas, jeu de données mis en cache en mémoire) avant d'augmenter la limite — une fuite dépasse toute limite.",
  'find-memory-spike': () =>
    "La mémoire a fait un saut avant le kill : trouvez ce qui s'exécute à ce moment (un batch trop gros, une passe d'évaluation, la sauvegarde d'un checkpoint) et bornez-le, ou dimensionnez la limite pour ce pic.",
  'size-limit-to-working-set': () =>
    'La mémoire est restée à la limite avant le kill : le jeu de travail demande plus que la limite ; augmentez la limite, ou gardez moins en mémoire (batches plus petits, moins de workers de dataloader).',
  'act-on-hardware-xid': ({ xid, description, bucket, nodeNames }) =>
    `L'Xid NVIDIA ${xid} (${description}) est une panne matérielle ou du pilote du GPU, pas le code de la workload : resoumettez sur un nœud sain. Pour l'équipe plateforme, le catalogue Xid de NVIDIA indique (${bucket}) : ${XID_ACTION[bucket]}.${reportNodes(nodeNames)}`,
  'fix-application-xid': ({ xid, description }) =>
    `Le catalogue Xid de NVIDIA attribue l'Xid ${xid} (${description}) à l'application, pas au GPU : corrigez l'opération fautive (accès mémoire illégal ou kernel en échec ; relancez avec CUDA_LAUNCH_BLOCKING=1 pour la localiser), puis redémarrez.`,
  'look-up-unknown-xid': ({ xid }) =>
    `L'Xid NVIDIA ${xid} ne figure pas dans le catalogue Xid de ce produit : consultez le catalogue Xid de NVIDIA (docs.nvidia.com/deploy/xid-errors) avant de décider si le GPU ou le code est en cause.`,
  'fix-image-name': ({ image }) =>
    `Le registre indique que l'image ou le tag n'existe pas : corrigez le nom/tag de l'image${imageSuffix(image)} (vérifiez qu'elle a bien été poussée) et resoumettez.`,
  'fix-image-reference': ({ image }) =>
    `La référence d'image est mal formée, aucun registre n'a donc été interrogé : corrigez la référence d'image${imageSuffix(image)} comme l'indique l'erreur citée (nom de dépôt en minuscules, tag ou digest valide) et resoumettez.`,
  'check-registry-network': () =>
    "Le nœud n'a pas pu joindre le registre : vérifiez la résolution DNS du registre et la connectivité réseau depuis les nœuds du cluster (proxy, pare-feu, TLS) ; les credentials ne sont pas en cause.",
  'fix-registry-credentials': () =>
    "Le registre a refusé le pull comme non autorisé : corrigez les credentials du registre (l'image pull secret du projet) et resoumettez.",
  'verify-image-access': ({ image }) =>
    `Le registre a répondu « pull access denied » (dépôt inexistant ou privé) : vérifiez d'abord le nom de l'image${imageSuffix(image)} ; si le dépôt est privé, vérifiez l'image pull secret.`,
  'find-registry-error': () =>
    "ImagePullBackOff seul n'indique pas pourquoi le pull a échoué : trouvez l'erreur du registre dans le premier événement ErrImagePull/Failed (ou dans les événements de pod Tier 2) avant de changer l'image, le réseau ou les credentials.",
  'fix-init-step-from-log': ({ logCommand }) =>
    `Corrigez l'étape d'init indiquée par la ligne de log en échec du conteneur init citée plus haut (${logCommand}) : téléchargement de données, permissions, configuration ; puis relancez.`,
  'read-init-logs': ({ logsCommand }) =>
    `Lisez les logs du conteneur init en échec${logsCommand ? ` (${logsCommand})` : ''} et corrigez l'étape d'init (téléchargement de données, permissions, configuration) avant de relancer.`,
  'check-data-source': ({ namespace }) =>
    `Vérifiez que le PVC, le secret ou la source de données référencé existe${namespace ? ` dans l'espace de noms ${namespace}` : ''}, est lié (bound) et est accessible depuis le nœud, puis resoumettez.`,
  'fix-probe-kill': ({ logCommand }) =>
    `Le kubelet a tué le conteneur après des échecs de sondes liveness/startup : trouvez pourquoi l'application a cessé de répondre à sa sonde (un blocage, ou une longue étape bloquante comme l'écriture d'un checkpoint ou le chargement de données) et corrigez-le, ou assouplissez la sonde (initialDelaySeconds, timeoutSeconds, failureThreshold ; une startupProbe pour un démarrage lent).${logCommand ? ` Le log d'avant le kill est cité plus haut (${logCommand}).` : ''}`,
  'fix-from-log-line': ({ logCommand, exit }) =>
    `Corrigez le code ou la configuration indiqués par la ligne de log en échec citée plus haut (${logCommand}).${exitSentence(exit)}`,
  'read-unread-log': ({ logsCommand, exit }) =>
    `Corrigez le code ou la configuration indiqués par le log du conteneur : Tier 2 n'a pas pu le lire (voir les limites), lisez donc ${logsCommand} tant que le pod existe.${exitSentence(exit)}`,
  'read-log-without-tier2': ({ logsCommand, exit }) =>
    `Corrigez le code ou la configuration indiqués par la ligne de log en échec : Tier 1 n'a pas de logs, lisez donc ${logsCommand} (ou configurez Tier 2 pour ce cluster).${exitSentence(exit)}`,
  'fix-from-quoted-line': ({ logsCommand, exit }) =>
    `Corrigez le code ou la configuration indiqués par la ligne en cause citée plus haut (le message porte la fin du log du conteneur) ; le log complet : ${logsCommand}.${exitSentence(exit)}`,
  'raise-ephemeral-storage-limit': () =>
    "Le pod a écrit plus de stockage local que sa propre limite ne le permet (cité plus haut) : augmentez la limite ephemeral-storage ou le sizeLimit de l'emptyDir qu'il déclare, ou écrivez les gros fichiers sur un volume monté (PVC, source de données) plutôt que dans le système de fichiers du conteneur. Le nœud n'est pas en cause.",
  'retry-after-node-removal': ({ removal, restartPolicy }) =>
    `Le nœud a été retiré par ${REMOVAL_CAUSE[removal]}, il n'est pas en panne : ${(restartPolicy ?? '').toLowerCase() === 'onfailure' ? 'la politique de redémarrage OnFailure relance la workload sur un autre nœud' : `resoumettez la workload (la politique de redémarrage ${restartPolicy ?? 'non définie'} ne la relance pas)`} ; sauvegardez des checkpoints des longues exécutions pour qu'une relance reprenne.`,
  'use-on-demand-capacity': () =>
    'La capacité spot peut être reprise à tout moment : exécutez les longs jobs sur des nœuds à la demande (non spot), ou sauvegardez des checkpoints assez souvent pour reprendre après une interruption.',
  'retry-on-healthy-node': ({ nodeNames }) =>
    `Réessayez sur un nœud sain : la politique de redémarrage est OnFailure, une nouvelle exécution peut donc atterrir ailleurs.${reportNodes(nodeNames)}`,
  'resubmit-on-healthy-node': ({ restartPolicy, nodeNames }) =>
    `Resoumettez la workload sur un nœud sain (la politique de redémarrage ${restartPolicy ?? 'non définie'} ne la relance pas).${reportNodes(nodeNames)}`,
  'review-stop-policy': ({ policyText }) =>
    `La workload a été arrêtée par une politique${policyText ? ` (${quoted(policyText)})` : ''} : demandez à un administrateur de revoir la politique de délai d'inactivité ou de durée du projet uniquement si l'arrêt était involontaire.`,
  'check-kernel-log': () =>
    "La sortie 137/143 reste inexpliquée après Tier 2 : ni OOMKilled, ni échec de sonde, ni éviction, ni condition de nœud n'ont été trouvés ; consultez le journal du noyau du nœud (dmesg) et tout contrôleur ou toute personne qui a pu arrêter le conteneur.",
  'read-full-log': ({ logsCommand }) =>
    `Ni Tier 1 ni Tier 2 ne nomment de cause : lisez le log complet (${logsCommand}) et les événements du pod avant de relancer.`,
  'check-kill-causes': () =>
    "Une sortie 137/143 sans OOMKilled reste inexpliquée : vérifiez les conditions du nœud, les échecs de sondes et les événements d'éviction (kubectl describe pod / describe node) avant de supposer un problème de mémoire.",
  'satisfy-admission-policy': () =>
    "Une politique d'admission a refusé de créer les pods (cité plus haut) : modifiez la workload pour qu'elle respecte la politique, ou adressez-vous à l'équipe plateforme qui gère le webhook ou la politique nommés ; aucun pod ne démarrera d'ici là.",
  'inspect-pod': ({ describeCommand }) =>
    `Inspectez le pod directement : ${describeCommand} et kubectl logs --previous (ou configurez Tier 2 pour ce cluster).`,
  'gpu-memory-not-cpu-limit': () =>
    "« CUDA out of memory » signifie que la mémoire du GPU est épuisée, pas la limite de mémoire CPU du conteneur : modifier la limite de mémoire CPU n'y changera rien.",
  'reduce-gpu-memory': () =>
    'Réduisez la taille du batch par GPU (gardez le batch effectif par accumulation de gradients), activez le gradient checkpointing (recalcul des activations) ou la précision mixte, ou demandez une fraction de GPU plus grande ou un GPU doté de plus de mémoire.',
  'reduce-cuda-fragmentation': () =>
    'Si le message indique beaucoup de mémoire réservée mais non allouée, définissez PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True pour réduire la fragmentation.',
  'check-nccl-peers': () =>
    "NCCL (communication entre GPU) a échoué : regardez d'abord les pods des autres rangs (un pair tombé fait échouer ou expirer les autres), puis le réseau entre nœuds et les réglages NCCL (relancez avec NCCL_DEBUG=INFO).",
  'locate-cuda-error': () =>
    "Une erreur CUDA a été levée : relancez avec CUDA_LAUNCH_BLOCKING=1 pour localiser l'opération en échec, et vérifiez que la version CUDA de l'image correspond au pilote du nœud.",
  'check-native-code': () =>
    "Le processus a planté dans du code natif (erreur de segmentation) : vérifiez les extensions natives et les versions de CUDA et des bibliothèques embarquées dans l'image.",
  'enlarge-shared-memory': () =>
    'La mémoire partagée (/dev/shm) est épuisée, typiquement dans les workers du dataloader : demandez une mémoire partagée plus grande (large shm Run:ai) ou réduisez le nombre de workers du dataloader.',
  'check-child-process-memory': () =>
    "Un processus du conteneur a été tué (SIGKILL), souvent par le OOM killer du noyau sur un processus enfant comme un worker du dataloader : vérifiez l'utilisation de mémoire CPU de la workload.",
  'find-failing-rank-error': () => "La ligne citée est le résumé du lanceur : l'erreur propre au rang en échec se trouve plus haut dans son log.",
  'fix-recurring-cause': ({ count, lookbackDays, category }) =>
    `Récurrent : ${count} ${failures(count)} ${category} ${inTheLast(lookbackDays)} : corrigez la cause de façon permanente au lieu de relancer sans changement.`,
};

export const messagesFr: Messages = {
  locale: 'fr',
  fact: renderFact,
  alsoObserved: (text) => `Également observé : ${text}`,
  optionBSelection: ({ name, project, matches, selectedPhase, intent }) => {
    const count = `${matches} correspondance${matches === 1 ? '' : 's'} ; phase ${selectedPhase}`;
    return intent === 'terminal'
      ? `Sélection de la workload terminale la plus récente nommée ${name} dans le projet ${project} (${count})`
      : `Sélection de la workload active la plus récente nommée ${name} dans le projet ${project} dont le statut confirme le symptôme (${count})`;
  },
  messageDiagnosed: ({ name, category, recurrence, tier2Used }) => {
    const recurring = recurrence?.recurring ? ` Récurrent : ${recurrence.count} défaillances en ${days(recurrence.lookbackDays)}.` : '';
    return category === 'UNKNOWN'
      ? `${name} a échoué, mais les preuves ${tier2Used ? 'Tier 1 et Tier 2' : 'Tier 1'} sont insuffisantes pour nommer une cause (UNKNOWN).${recurring}`
      : `${name} a échoué avec ${category} : ${CATEGORY_SUMMARY[category]}.${recurring}`;
  },
  originLine: ({ pod, node, at, kind, collateral, later, formats }) => {
    const how = kind ? ` (${ORIGIN_KIND[kind]})` : '';
    const kinds = formats.length > 0 ? ` (${formats.map((format) => COLLATERAL_FORMAT[format]).join(', ')})` : '';
    const peers = collateral > 0 ? [`${collateral} ${collateral === 1 ? 'pair a' : 'pairs ont'} échoué après lui${kinds}`] : [];
    const others = later > 0 ? [`${later} ${later === 1 ? 'autre réplica a' : 'autres réplicas ont'} échoué après lui sans signe de la mort d'un pair`] : [];
    const after = [...peers, ...others];
    return `${pod} sur ${node ?? 'un nœud inconnu'} a échoué en premier à ${at}${how} ; ${after.length > 0 ? after.join(' ; ') : "aucun autre réplica n'a échoué"}.`;
  },
  messageRouted: ({ name, phase, route }) =>
    route === 'runai-diagnose-preempted-workload'
      ? `${name} (phase ${phase}) a été préemptée par le planificateur, ce qui n'est pas une défaillance : utilisez ${route}.`
      : `${name} est en phase ${phase} avec uniquement des preuves de planification et aucune défaillance de pod : utilisez ${route}.`,
  messageStopped: ({ name, phase, stopReason, requestedClusterId, actualClusterId }) => {
    switch (stopReason) {
      case 'SUCCEEDED':
        return `${name} s'est terminée avec succès (phase ${phase}) : il n'y a aucune défaillance à diagnostiquer.`;
      case 'SUSPENDED':
        return `${name} est suspendue (en pause, pas en échec) : hors de portée du diagnostic de défaillance.`;
      case 'RUNNING_NO_FAILURE':
        return `${name} est en phase ${phase} sans symptôme de défaillance confirmé : vouliez-vous parler d'une exécution antérieure ? Donnez son ID de workload.`;
      case 'NON_TERMINAL_PHASE':
        return `${name} est en phase ${phase}, qui n'est pas une défaillance : aucune catégorie assignée.`;
      case 'CLUSTER_MISMATCH':
        return `La workload ${name} appartient au cluster ${actualClusterId}, et non au cluster demandé ${requestedClusterId} : non diagnostiquée.`;
    }
  },
  messageNeedsInput: ({ reason, clusterId, workloadId, name, project }) => {
    switch (reason) {
      case 'missing-cluster':
        return "Un ID de cluster est requis (le cluster n'est jamais inféré à partir d'une workload) : indiquez --cluster-id.";
      case 'missing-workload':
        return 'Identifiez la workload : indiquez un ID de workload, ou un nom de workload et son projet.';
      case 'no-terminal-candidate':
        return `Aucune workload terminée nommée ${name} dans le projet ${project} n'a été trouvée sur le cluster ${clusterId} : indiquez l'ID de workload.`;
      case 'no-active-candidate':
        return `Aucune workload active nommée ${name} dans le projet ${project} sur le cluster ${clusterId} ne présente le symptôme : indiquez l'ID de workload.`;
      case 'not-found':
        return `La workload ${workloadId} est introuvable sur Run:ai (les workloads terminées sont supprimées après une période de rétention) : vérifiez l'ID et le cluster.`;
    }
  },
  recommendation: RECOMMENDATION,
  limitation: {
    eventsUnavailable: (detail) =>
      `Les événements n'ont pas pu être récupérés (${detail}) : il s'agit d'un échec de récupération, et non d'une absence d'événements ; l'historique a été utilisé à la place.`,
    podsUnavailable: (detail) => `Les pods n'ont pas pu être récupérés (${detail}).`,
    specFieldAbsent: (field, paths) => `La spec soumise n'a pas ${SPEC_FIELD[field]} dans ${paths.join(' ni dans ')} : elle ne corrobore rien ici.`,
    noPods: () => "Aucun pod n'a été retourné : les phases des pods, les nœuds et les ressources des pods manquent.",
    podsPageCap: (pages) => `Les pods ont été lus jusqu'à ${pages} pages ; les pods restants n'ont pas été lus.`,
    specUnavailable: (detail) =>
      `La spec soumise n'a pas pu être récupérée (${detail}) : l'image, la commande, la limite de mémoire et la politique de redémarrage ne sont pas corroborées.`,
    endpointAbsent: (endpoint, type) =>
      type
        ? `Le type de workload ${quoted(type)} n'a pas d'endpoint de spec v1, et ${endpoint} a répondu 404 (un control plane sans cette API, ou aucun enregistrement pour cette workload) : la spec soumise n'a pas été lue.`
        : `${endpoint} a répondu 404 (un control plane sans cette API, ou aucun enregistrement pour cette workload) : les révisions n'ont pas été lues.`,
    revisionsUnavailable: (detail) =>
      `Les révisions de l'inférence n'ont pas pu être récupérées (${detail}) : les pods et événements d'une révision en échec n'ont pas été lus.`,
    revisionReadFailed: (what, detail) =>
      `Les ${({ pods: 'pods', events: 'événements', history: 'historique' } as const)[what]} de la révision de l'inférence n'ont pas pu être récupérés (${detail}).`,
    specUnknownType: (type) => `Aucun endpoint de spec n'existe pour le type de workload ${type ? quoted(type) : '(aucun)'} : la spec soumise n'a pas été lue.`,
    historyUnavailable: (detail) => `L'historique n'a pas pu être récupéré (${detail}) : la récurrence est comptée à partir de la seule défaillance actuelle.`,
    historyPageCap: (pages) => `L'historique a été lu jusqu'à ${pages} pages ; les enregistrements plus anciens n'ont pas été lus.`,
    historyBudget: (records, budgetMiB) =>
      `L'historique a dépassé le budget mémoire de ${budgetMiB} Mio d'un diagnostic : les ${records} enregistrements lus les plus anciens n'ont pas été conservés ; les signaux ont été lus dans les enregistrements les plus récents seulement.`,
    recurrenceLowerBound: (count, lookbackDays) =>
      `La récurrence est un minimum : au moins ${count} ${count === 1 ? 'défaillance' : 'défaillances'} de cette catégorie en ${days(lookbackDays)} (l'historique au-delà du budget mémoire n'a pas été conservé).`,
    metricsUnavailable: (detail) => `Les métriques de mémoire n'ont pas pu être récupérées (${detail}) : aucun pic n'est signalé.`,
    metricsPartial: () => 'Run:ai a retourné des métriques partielles (HTTP 207) : le pic peut être sous-estimé.',
    metricsEmpty: () => 'Aucun échantillon de mémoire CPU dans la fenêtre lookback (job de courte durée) : aucun pic observé.',
    memoryLimitUnknown: () => "Aucune limite de mémoire CPU n'a été trouvée dans la spec, les pods ou les métriques.",
    tier2Unavailable: () =>
      'Les preuves Tier 2 (Kubernetes) ne sont pas configurées pour ce cluster : les codes de sortie des conteneurs, les compteurs de redémarrage et les logs précédents ne sont pas disponibles.',
    tier2: tier2Limitation,
    preemptionNotRuledOut: () => "Les événements et l'historique étaient tous deux indisponibles : la préemption n'a donc pas pu être exclue.",
    unrecognisedWarnings: (reasons) =>
      `Des événements de type Warning qu'aucune ligne des tables de signaux ne reconnaît n'ont pas été lus comme signaux : ${reasons.map(({ reason, count }) => `${reason} (×${count})`).join(', ')}.`,
    listTruncated: (pages) => `La liste des workloads a été lue jusqu'à ${pages} pages ; les correspondances plus anciennes n'ont pas été prises en compte.`,
    originUnknown: (reason, replicas) => `Le réplica où cet échec multi-pods a commencé ne peut pas être déterminé : ${ORIGIN_UNKNOWN[reason](replicas)}.`,
    originTiedUnread: (replicas) =>
      `${replicas} autre${replicas === 1 ? '' : 's'} réplica${replicas === 1 ? '' : 's'} en échec dans la même seconde que l'origine n'${replicas === 1 ? 'a' : 'ont'} pas été lu${replicas === 1 ? '' : 's'} par Tier 2 (il lit quelques pods).`,
  },
  report: {
    labelColon: ' :',
    category: 'Catégorie',
    outcome: 'Résultat',
    workload: 'Workload',
    phase: 'Phase',
    project: 'Projet',
    evidence: 'Preuves',
    failingLine: (line) => `Ligne en cause : ${quoted(line)}`,
    history: 'Historique',
    recommendation: 'Recommandation',
    limitations: 'Limites',
    source: 'source',
    none: 'aucune',
    recurrenceLine: ({ count, lookbackDays, category, recurring }) => {
      const plural = count >= 2 ? 's' : '';
      return `${count} ${failures(count)} ${category} ${inTheLast(lookbackDays)} — ${recurring ? 'récurrente' : 'ponctuelle'}${plural}.`;
    },
    historyUnknown: 'non disponible.',
  },
};
