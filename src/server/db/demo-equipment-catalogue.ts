/**
 * The demo catalogue (docs/product.md "Equipment"): generic product types with honest names, a price in
 * euro cents (converted into each client's currency by demo-equipment.ts), the findings each answers
 * (content/assessments/common.yaml ids) and the evaluation recommendations (`recommendation:<key>` of
 * content/evaluations/recommendations.json), and the words in every language of the interface.
 */
type Words = readonly [name: string, description: string];
export interface DemoItem {
  slug: string;
  category: 'seating' | 'desk' | 'screen' | 'input' | 'laptop' | 'lighting' | 'lab' | 'travel' | 'other';
  euroCents: number;
  mode: 'bought' | 'loaned';
  stock?: number;
  loanDays?: number;
  answers: readonly string[];
  texts: Readonly<Record<'en' | 'es' | 'pt' | 'cn' | 'ja' | 'ko' | 'fr' | 'de', Words>>;
}

export const DEMO_ITEMS: readonly DemoItem[] = [
  {
    slug: 'laptop-stand',
    category: 'laptop',
    euroCents: 3900,
    mode: 'bought',
    answers: ['laptop.no_external', 'screen.too_low', 'recommendation:screen.laptop_stand'],
    texts: {
      en: ['Height-adjustable laptop stand', 'Raises the laptop so the top of its screen is at eye level; folds flat for travel.'],
      es: [
        'Soporte para portátil de altura regulable',
        'Eleva el portátil para que la parte superior de la pantalla quede a la altura de los ojos; se pliega para viajar.',
      ],
      pt: [
        'Suporte para portátil com altura regulável',
        'Eleva o portátil para que o topo do ecrã fique à altura dos olhos; dobra-se para viajar.',
      ],
      cn: ['可调高度笔记本电脑支架', '抬高笔记本电脑，使屏幕顶部与视线齐平；可折叠，便于出行。'],
      ja: ['高さ調節式ノートPCスタンド', '画面の上端が目の高さになるようにノートPCを持ち上げます。折りたたんで持ち運べます。'],
      ko: ['높이 조절식 노트북 거치대', '화면 윗부분이 눈높이에 오도록 노트북을 올려 줍니다. 접어서 휴대할 수 있습니다.'],
      fr: [
        'Support d’ordinateur portable réglable en hauteur',
        'Surélève l’ordinateur pour que le haut de l’écran soit à hauteur des yeux ; se replie pour voyager.',
      ],
      de: [
        'Höhenverstellbarer Laptopständer',
        'Hebt den Laptop an, bis die Oberkante des Bildschirms auf Augenhöhe ist; flach zusammenklappbar für unterwegs.',
      ],
    },
  },
  {
    slug: 'keyboard-mouse-set',
    category: 'input',
    euroCents: 5900,
    mode: 'bought',
    answers: ['laptop.no_external', 'keyboard.fixed_height', 'mouse.unsuitable', 'recommendation:input.external_keyboard'],
    texts: {
      en: [
        'Wireless keyboard and mouse set',
        'A full-size keyboard with a low profile and a mouse, to use with a raised laptop or a second screen.',
      ],
      es: [
        'Juego de teclado y ratón inalámbricos',
        'Teclado completo de perfil bajo y ratón, para usar con un portátil elevado o una segunda pantalla.',
      ],
      pt: [
        'Conjunto de teclado e rato sem fios',
        'Teclado completo de perfil baixo e rato, para usar com um portátil elevado ou um segundo ecrã.',
      ],
      cn: ['无线键盘鼠标套装', '薄型全尺寸键盘和鼠标，配合抬高的笔记本电脑或第二台显示器使用。'],
      ja: ['ワイヤレスキーボード・マウスセット', '薄型のフルサイズキーボードとマウス。高くしたノートPCや2台目の画面と一緒に使います。'],
      ko: ['무선 키보드·마우스 세트', '낮은 높이의 풀사이즈 키보드와 마우스로, 올린 노트북이나 보조 화면과 함께 사용합니다.'],
      fr: [
        'Ensemble clavier et souris sans fil',
        'Un clavier complet extra-plat et une souris, à utiliser avec un portable surélevé ou un second écran.',
      ],
      de: [
        'Kabelloses Tastatur-Maus-Set',
        'Flache Tastatur in voller Größe und Maus, für den erhöhten Laptop oder einen zweiten Bildschirm.',
      ],
    },
  },
  {
    slug: 'monitor-arm',
    category: 'screen',
    euroCents: 12900,
    mode: 'bought',
    answers: [
      'screen.too_low',
      'screen.too_high',
      'screen.too_far',
      'screen.neck_twist',
      'screen.dual_layout',
      'recommendation:screen.raise',
    ],
    texts: {
      en: ['Monitor arm', 'Clamps to the desk and holds a screen at the height, distance and angle you set.'],
      es: ['Brazo para monitor', 'Se fija a la mesa y sostiene la pantalla a la altura, distancia y ángulo que elija.'],
      pt: ['Braço para monitor', 'Fixa-se à secretária e segura o ecrã à altura, distância e ângulo que escolher.'],
      cn: ['显示器支臂', '夹在桌边，将屏幕固定在您设定的高度、距离和角度。'],
      ja: ['モニターアーム', '机に固定し、設定した高さ・距離・角度で画面を保持します。'],
      ko: ['모니터 암', '책상에 고정해 원하는 높이, 거리, 각도로 화면을 받쳐 줍니다.'],
      fr: ['Bras pour écran', 'Se fixe au bureau et maintient l’écran à la hauteur, la distance et l’angle choisis.'],
      de: ['Monitorarm', 'Wird am Tisch befestigt und hält den Bildschirm in der eingestellten Höhe, Entfernung und Neigung.'],
    },
  },
  {
    slug: 'footrest',
    category: 'seating',
    euroCents: 4500,
    mode: 'bought',
    answers: ['chair.feet_unsupported', 'chair.seat_too_high', 'recommendation:chair.footrest'],
    texts: {
      en: ['Adjustable footrest', 'Supports the feet flat when the chair is raised to the desk; height and tilt adjust.'],
      es: [
        'Reposapiés regulable',
        'Apoya los pies planos cuando la silla se sube a la altura de la mesa; altura e inclinación regulables.',
      ],
      pt: ['Apoio para os pés regulável', 'Apoia os pés quando a cadeira é subida à altura da secretária; altura e inclinação reguláveis.'],
      cn: ['可调脚踏', '椅子升高到桌面高度时让双脚平稳着落；高度和倾角可调。'],
      ja: ['調節式フットレスト', '椅子を机の高さに合わせて上げたときに足裏を支えます。高さと傾きを調節できます。'],
      ko: ['높이 조절 발받침', '의자를 책상 높이에 맞춰 올렸을 때 발을 평평하게 받쳐 줍니다. 높이와 기울기 조절 가능.'],
      fr: [
        'Repose-pieds réglable',
        'Soutient les pieds à plat quand le siège est monté à hauteur du bureau ; hauteur et inclinaison réglables.',
      ],
      de: ['Verstellbare Fußstütze', 'Stützt die Füße, wenn der Stuhl auf Tischhöhe gestellt ist; Höhe und Neigung verstellbar.'],
    },
  },
  {
    slug: 'lumbar-cushion',
    category: 'seating',
    euroCents: 3500,
    mode: 'bought',
    answers: ['chair.no_lumbar', 'chair.seat_too_deep', 'recommendation:chair.lumbar_support'],
    texts: {
      en: ['Lumbar support cushion', 'Fills the gap between the lower back and the backrest; a strap holds it at the right height.'],
      es: ['Cojín de apoyo lumbar', 'Rellena el hueco entre la zona lumbar y el respaldo; una correa lo sujeta a la altura adecuada.'],
      pt: ['Almofada de apoio lombar', 'Preenche o espaço entre a zona lombar e o encosto; uma correia segura-a à altura certa.'],
      cn: ['腰部支撑靠垫', '填补腰部与椅背之间的空隙；绑带将其固定在合适高度。'],
      ja: ['ランバーサポートクッション', '腰と背もたれのすき間を埋めます。ベルトで適切な高さに固定します。'],
      ko: ['요추 지지 쿠션', '허리와 등받이 사이의 빈틈을 채우며, 끈으로 알맞은 높이에 고정합니다.'],
      fr: [
        'Coussin de soutien lombaire',
        'Comble l’espace entre le bas du dos et le dossier ; une sangle le maintient à la bonne hauteur.',
      ],
      de: ['Lendenkissen', 'Füllt den Spalt zwischen unterem Rücken und Rückenlehne; ein Gurt hält es in der richtigen Höhe.'],
    },
  },
  {
    slug: 'task-chair',
    category: 'seating',
    euroCents: 42000,
    mode: 'bought',
    answers: [
      'chair.not_adjustable',
      'chair.no_backrest',
      'chair.armrests_none',
      'chair.recline',
      'home.table',
      'recommendation:chair.adjustable_chair',
    ],
    texts: {
      en: ['Fully adjustable task chair', 'Seat height and depth, backrest, lumbar support and armrests all adjust; for eight-hour use.'],
      es: [
        'Silla de trabajo totalmente regulable',
        'Altura y profundidad del asiento, respaldo, apoyo lumbar y reposabrazos regulables; para uso de ocho horas.',
      ],
      pt: [
        'Cadeira de trabalho totalmente regulável',
        'Altura e profundidade do assento, encosto, apoio lombar e braços reguláveis; para uso de oito horas.',
      ],
      cn: ['全功能可调办公椅', '座高、座深、靠背、腰托和扶手均可调节；适合每天八小时使用。'],
      ja: [
        'フル調節式ワークチェア',
        '座面の高さと奥行き、背もたれ、ランバーサポート、アームレストをすべて調節できます。1日8時間の使用向け。',
      ],
      ko: [
        '전체 조절식 업무용 의자',
        '좌판 높이와 깊이, 등받이, 요추 지지대, 팔걸이를 모두 조절할 수 있으며 하루 8시간 사용에 적합합니다.',
      ],
      fr: [
        'Siège de travail entièrement réglable',
        'Hauteur et profondeur d’assise, dossier, soutien lombaire et accoudoirs réglables ; pour huit heures par jour.',
      ],
      de: [
        'Voll verstellbarer Bürostuhl',
        'Sitzhöhe und -tiefe, Rückenlehne, Lendenstütze und Armlehnen verstellbar; für acht Stunden am Tag.',
      ],
    },
  },
  {
    slug: 'sit-stand-converter',
    category: 'desk',
    euroCents: 26000,
    mode: 'bought',
    answers: ['desk.too_high', 'desk.sit_stand_unused', 'home.sofa_or_bed', 'recommendation:desk.sit_stand'],
    texts: {
      en: ['Sit-stand desk converter', 'Sits on an existing desk and lifts screen and keyboard for standing, with a gas spring.'],
      es: [
        'Elevador de escritorio para trabajar de pie',
        'Se coloca sobre la mesa y eleva pantalla y teclado para trabajar de pie, con muelle de gas.',
      ],
      pt: ['Conversor de secretária sentado-de pé', 'Assenta na secretária e eleva ecrã e teclado para trabalhar de pé, com mola a gás.'],
      cn: ['坐站两用桌面升降台', '放在现有桌面上，借助气弹簧抬高屏幕和键盘，便于站立工作。'],
      ja: ['卓上スタンディングデスク', '今の机の上に置き、ガススプリングで画面とキーボードを立ち作業の高さに上げます。'],
      ko: ['좌식·입식 겸용 데스크 컨버터', '기존 책상 위에 올려 가스 스프링으로 화면과 키보드를 서서 일하는 높이로 올립니다.'],
      fr: [
        'Réhausseur de bureau assis-debout',
        'Se pose sur le bureau et monte écran et clavier pour travailler debout, grâce à un vérin à gaz.',
      ],
      de: ['Sitz-Steh-Aufsatz', 'Steht auf dem vorhandenen Tisch und hebt Bildschirm und Tastatur per Gasfeder zum Arbeiten im Stehen.'],
    },
  },
  {
    slug: 'vertical-mouse',
    category: 'input',
    euroCents: 4900,
    mode: 'bought',
    answers: ['mouse.pinch_grip', 'mouse.unsuitable', 'mouse.palm_rest'],
    texts: {
      en: ['Vertical mouse', 'Holds the hand in a handshake position, which eases the forearm; for right or left hand.'],
      es: ['Ratón vertical', 'Mantiene la mano en posición de apretón de manos, lo que alivia el antebrazo; para diestros o zurdos.'],
      pt: ['Rato vertical', 'Mantém a mão na posição de um aperto de mão, aliviando o antebraço; para destros ou canhotos.'],
      cn: ['垂直鼠标', '让手保持握手姿势，减轻前臂负担；有左手和右手款。'],
      ja: ['縦型マウス', '握手をするような手の向きで使え、前腕の負担を減らします。右手用・左手用があります。'],
      ko: ['버티컬 마우스', '악수하는 손 모양으로 잡아 팔뚝 부담을 줄여 줍니다. 오른손·왼손용이 있습니다.'],
      fr: ['Souris verticale', 'Tient la main en position de poignée de main, ce qui soulage l’avant-bras ; pour droitier ou gaucher.'],
      de: ['Vertikalmaus', 'Hält die Hand in Handschlagstellung und entlastet so den Unterarm; für rechts oder links.'],
    },
  },
  {
    slug: 'document-holder',
    category: 'screen',
    euroCents: 2900,
    mode: 'bought',
    answers: ['screen.no_document_holder', 'recommendation:screen.document_holder'],
    texts: {
      en: ['Document holder', 'Holds papers upright between keyboard and screen, so the head does not turn down and back.'],
      es: ['Atril para documentos', 'Sostiene los papeles entre el teclado y la pantalla para no bajar y girar la cabeza.'],
      pt: ['Suporte para documentos', 'Segura os papéis na vertical entre o teclado e o ecrã, para não baixar e rodar a cabeça.'],
      cn: ['文件架', '将文件竖立在键盘和屏幕之间，避免反复低头转头。'],
      ja: ['書類ホルダー', 'キーボードと画面の間で書類を立てて保持し、頭を下げたり回したりせずに済みます。'],
      ko: ['문서 거치대', '키보드와 화면 사이에 서류를 세워 고개를 숙이거나 돌리지 않게 해 줍니다.'],
      fr: ['Porte-documents', 'Tient les documents droits entre clavier et écran, pour ne pas baisser et tourner la tête.'],
      de: ['Dokumentenhalter', 'Hält Unterlagen aufrecht zwischen Tastatur und Bildschirm, damit der Kopf sich nicht senkt und dreht.'],
    },
  },
  {
    slug: 'desk-lamp',
    category: 'lighting',
    euroCents: 6900,
    mode: 'bought',
    answers: ['screen.glare', 'screen.unclear', 'recommendation:environment.task_light'],
    texts: {
      en: ['Dimmable LED desk lamp', 'Lights the desk without glare on the screen; brightness and colour temperature adjust.'],
      es: ['Lámpara de escritorio LED regulable', 'Ilumina la mesa sin reflejos en la pantalla; brillo y temperatura de color regulables.'],
      pt: ['Candeeiro de secretária LED regulável', 'Ilumina a secretária sem reflexos no ecrã; brilho e temperatura de cor reguláveis.'],
      cn: ['可调光LED台灯', '照亮桌面而不在屏幕上产生眩光；亮度和色温可调。'],
      ja: ['調光式LEDデスクライト', '画面に映り込まずに机を照らします。明るさと色温度を調節できます。'],
      ko: ['밝기 조절 LED 스탠드', '화면에 눈부심 없이 책상을 밝혀 주며 밝기와 색온도를 조절할 수 있습니다.'],
      fr: ['Lampe de bureau LED à variateur', 'Éclaire le bureau sans reflet sur l’écran ; intensité et température de couleur réglables.'],
      de: [
        'Dimmbare LED-Schreibtischleuchte',
        'Beleuchtet den Tisch ohne Blendung auf dem Bildschirm; Helligkeit und Farbtemperatur einstellbar.',
      ],
    },
  },
  {
    slug: 'headset',
    category: 'other',
    euroCents: 8900,
    mode: 'bought',
    answers: ['phone.cradle', 'phone.no_hands_free', 'recommendation:phone.headset'],
    texts: {
      en: ['Wireless headset', 'Hands-free calls without holding a phone between ear and shoulder.'],
      es: ['Auriculares inalámbricos con micrófono', 'Llamadas con manos libres sin sujetar el teléfono entre la oreja y el hombro.'],
      pt: ['Auscultadores sem fios com microfone', 'Chamadas em mãos-livres sem segurar o telefone entre a orelha e o ombro.'],
      cn: ['无线耳机', '免提通话，不必用耳朵和肩膀夹住电话。'],
      ja: ['ワイヤレスヘッドセット', '受話器を耳と肩ではさまずにハンズフリーで通話できます。'],
      ko: ['무선 헤드셋', '전화기를 귀와 어깨 사이에 끼우지 않고 핸즈프리로 통화합니다.'],
      fr: ['Casque sans fil', 'Appels mains libres, sans coincer le téléphone entre l’oreille et l’épaule.'],
      de: ['Kabelloses Headset', 'Freisprechen, ohne das Telefon zwischen Ohr und Schulter zu klemmen.'],
    },
  },
  {
    slug: 'portable-screen',
    category: 'travel',
    euroCents: 24000,
    mode: 'loaned',
    stock: 6,
    loanDays: 90,
    answers: ['laptop.no_external', 'screen.dual_layout'],
    texts: {
      en: ['Portable USB-C screen (loan)', 'A light 15-inch second screen for temporary and travel work; lent for three months.'],
      es: [
        'Pantalla portátil USB-C (préstamo)',
        'Segunda pantalla ligera de 15 pulgadas para trabajo temporal y en viaje; se presta tres meses.',
      ],
      pt: [
        'Ecrã portátil USB-C (empréstimo)',
        'Segundo ecrã leve de 15 polegadas para trabalho temporário e em viagem; emprestado por três meses.',
      ],
      cn: ['便携式USB-C显示器（借用）', '轻便的15英寸副屏，用于临时和出差工作；借用期三个月。'],
      ja: ['USB-Cモバイルモニター（貸出）', '一時的な作業や出張向けの軽量15インチのサブ画面。3か月間貸し出します。'],
      ko: ['휴대용 USB-C 모니터(대여)', '임시 근무와 출장용 가벼운 15인치 보조 화면으로, 3개월간 대여합니다.'],
      fr: [
        'Écran portable USB-C (prêt)',
        'Un second écran léger de 15 pouces pour le travail temporaire et en déplacement ; prêté trois mois.',
      ],
      de: [
        'Tragbarer USB-C-Bildschirm (Leihgabe)',
        'Leichter 15-Zoll-Zweitbildschirm für vorübergehendes Arbeiten und Reisen; für drei Monate geliehen.',
      ],
    },
  },
  {
    slug: 'recovery-chair-loan',
    category: 'seating',
    euroCents: 65000,
    mode: 'loaned',
    stock: 3,
    loanDays: 120,
    answers: ['chair.not_adjustable', 'chair.no_lumbar'],
    texts: {
      en: ['Orthopaedic chair (loan)', 'A specialist chair lent during a return to work after a back injury; lent for four months.'],
      es: [
        'Silla ortopédica (préstamo)',
        'Silla especializada que se presta durante la vuelta al trabajo tras una lesión de espalda; cuatro meses.',
      ],
      pt: [
        'Cadeira ortopédica (empréstimo)',
        'Cadeira especializada emprestada no regresso ao trabalho após uma lesão nas costas; quatro meses.',
      ],
      cn: ['矫形椅（借用）', '背部受伤后重返工作期间借用的专业座椅；借用期四个月。'],
      ja: ['整形外科用チェア（貸出）', '腰や背中のけがからの職場復帰時に貸し出す専用チェア。4か月間貸し出します。'],
      ko: ['정형외과용 의자(대여)', '허리 부상 후 복귀 기간에 대여하는 전문 의자로, 4개월간 대여합니다.'],
      fr: ['Siège orthopédique (prêt)', 'Un siège spécialisé prêté lors d’une reprise du travail après une blessure au dos ; quatre mois.'],
      de: [
        'Orthopädischer Stuhl (Leihgabe)',
        'Spezialstuhl, geliehen für die Rückkehr an den Arbeitsplatz nach einer Rückenverletzung; vier Monate.',
      ],
    },
  },
];
