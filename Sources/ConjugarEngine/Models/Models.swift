/// The 97 conjugation models of the RAE's tables, each stated as its departures from the regular
/// paradigm. Spelling that every verb obeys (saqué, venzo, creyó, plañó) is in `Orthography`, so
/// the models that differ from hablar, temer and partir only in spelling need no rule here.
enum Models {
  static let all: [String: ConjugationModel] = Dictionary(
    uniqueKeysWithValues: list.map { ($0.name, $0) })

  /// The models defective by nature (balbucir).
  static let defective = Set(list.filter { $0.defective != nil }.map(\.name))

  private static let ie = VowelChange("e", "ie")
  private static let ue = VowelChange("o", "ue")
  private static let eToI = VowelChange("e", "i")
  private static let oToU = VowelChange("o", "u")

  static let list: [ConjugationModel] = [
    // Regular, and regular but for spelling.
    .init("hablar"), .init("temer"), .init("partir"),
    .init("sacar"), .init("pagar"), .init("rozar"), .init("aguar"),  // saqué, pagué, rocé, agüé
    .init("coger"), .init("vencer"), .init("creer"), .init("tañer"),  // cojo, venzo, creyó, tañó
    .init("dirigir"), .init("zurcir"), .init("distinguir"), .init("delinquir"),  // dirijo, zurzo, distingo, delinco
    .init("plañir"), .init("embaír"),  // plañó; embaímos, embayó

    // A written accent on the stressed i or u of the stem: vacío, actúo, aíslo, reúno.
    .init("vaciar") { $0.stressed = VowelChange("i", "í") },
    .init("actuar") { $0.stressed = VowelChange("u", "ú") },
    .init("aislar") { $0.stressed = VowelChange("i", "í") },
    .init("aunar") { $0.stressed = VowelChange("u", "ú") },
    .init("enraizar") { $0.stressed = VowelChange("i", "í") },
    .init("ahincar") { $0.stressed = VowelChange("i", "í") },
    .init("cabrahigar") { $0.stressed = VowelChange("i", "í") },
    .init("cohibir") { $0.stressed = VowelChange("i", "í") },
    .init("reunir") { $0.stressed = VowelChange("u", "ú") },

    // Diphthongs in the stressed stem: e → ie, o → ue.
    .init("acertar") { $0.stressed = ie },
    .init("tropezar") { $0.stressed = ie },  // tropiezo, tropecé
    .init("regar") { $0.stressed = ie },  // riego, regué
    .init("contar") { $0.stressed = ue },
    .init("colgar") { $0.stressed = ue },  // cuelgo, colgué
    .init("volcar") { $0.stressed = ue },  // vuelco, volqué
    .init("forzar") { $0.stressed = ue },  // fuerzo, forcé
    .init("avergonzar") { $0.stressed = ue },  // avergüenzo
    .init("engorar") { $0.stressed = ue },  // engüero
    .init("desosar") { $0.stressed = VowelChange("o", "hue") },  // deshueso
    .init("jugar") { $0.stressed = VowelChange("u", "ue") },  // juego
    .init("errar") { $0.stressed = VowelChange("e", "ye") },  // yerro
    .init("tender") { $0.stressed = ie },
    .init("mover") { $0.stressed = ue },
    .init("torcer") { $0.stressed = ue },  // tuerzo
    .init("oler") { $0.stressed = VowelChange("o", "hue") },  // huelo
    .init("volver", base: "olver") {
      $0.stressed = ue
      $0.participle = "uelto"
    },
    .init("discernir") { $0.stressed = ie },
    .init("adquirir") { $0.stressed = VowelChange("i", "ie") },

    // -ir verbs that also close the vowel where no stressed i follows.
    .init("sentir") {
      $0.stressed = ie
      $0.closed = eToI
    },
    .init("dormir") {
      $0.stressed = ue
      $0.closed = oToU
    },
    .init("servir") {
      $0.stressed = eToI
      $0.closed = eToI
    },
    .init("ceñir") {  // ciño, ciñó
      $0.stressed = eToI
      $0.closed = eToI
    },
    .init("corregir") {  // corrijo
      $0.stressed = eToI
      $0.closed = eToI
    },
    .init("seguir") {  // sigo, siguió
      $0.stressed = eToI
      $0.closed = eToI
    },
    .init("reír") {  // río, rio, riendo
      $0.stressed = VowelChange("e", "í")
      $0.closed = eToI
    },
    .init("rehenchir") {  // rehíncho, rehinchió
      $0.stressed = VowelChange("e", "í")
      $0.closed = eToI
    },
    ConjugationModel("erguir") {  // yergo, irguió: ye, the more frequent, first
      $0.stressed = VowelChange("e", "ye")
      $0.closed = eToI
    }.variant(1) { $0.stressed = eToI },  // irgo

    // y before endings that do not begin with i.
    .init("huir") { $0.insertsY = true },
    .init("argüir") { $0.insertsY = true },  // arguyo
    .init("rehuir") {  // rehúyo
      $0.insertsY = true
      $0.stressed = VowelChange("u", "ú")
    },

    // -zc- before a and o.
    .init("nacer", base: "cer") { $0.presentStem = "zc" },
    .init("lucir", base: "cir") { $0.presentStem = "zc" },
    .init("conducir", base: "ducir") {
      $0.presentStem = "duzc"
      $0.preteriteStem = "duj"
    },
    ConjugationModel("placer", base: "placer") { $0.presentStem = "plazc" }
      .variant(1) {  // the old preterite and subjunctive: plugo, plegue
        $0.forms = [
          .preterito: [.el: ["plugo"], .ellos: ["pluguieron"]],
          .presenteSubjuntivo: [.el: ["plegue", "plega"]],
        ]
      },
    ConjugationModel("yacer", base: "yacer") {
      $0.presentStem = "yazc"
      $0.forms = [.imperativoAfirmativo: [.tu: ["yace", "yaz"]]]
    }
    .variant(1) { $0.presentStem = "yazg" }
    .variant(2) { $0.presentStem = "yag" },

    // -g- and -ig- before a and o; irregular futures and strong preterites.
    .init("tener", base: "tener") {
      $0.stressed = ie
      $0.presentStem = "teng"
      $0.preteriteStem = "tuv"
      $0.futureStem = "tendr"
      $0.forms = [.imperativoAfirmativo: [.tu: ["ten"]]]
    },
    .init("venir", base: "venir") {
      $0.stressed = ie
      $0.closed = eToI
      $0.presentStem = "veng"
      $0.preteriteStem = "vin"
      $0.futureStem = "vendr"
      $0.forms = [.imperativoAfirmativo: [.tu: ["ven"]]]
    },
    .init("poner", base: "poner") {
      $0.presentStem = "pong"
      $0.preteriteStem = "pus"
      $0.futureStem = "pondr"
      $0.participle = "puesto"
      $0.forms = [.imperativoAfirmativo: [.tu: ["pon"]]]
    },
    .init("salir", base: "salir") {
      $0.presentStem = "salg"
      $0.futureStem = "saldr"
      $0.forms = [.imperativoAfirmativo: [.tu: ["sal"]]]
    },
    .init("valer", base: "valer") {
      $0.presentStem = "valg"
      $0.futureStem = "valdr"
    },
    hacer("hacer").variant(1) { $0.forms = [.imperativoAfirmativo: [.tu: ["ace"]]] },  // satisface
    hacer("rehacer") {  // rehíce, rehízo: the accent marks the hiatus
      $0.forms[.preterito] = [.yo: ["íce"], .el: ["ízo"]]
    },
    ConjugationModel("decir", base: "decir") {
      $0.stressed = eToI
      $0.closed = eToI
      $0.presentStem = "dig"
      $0.preteriteStem = "dij"
      $0.futureStem = "dir"
      $0.participle = "dicho"
      $0.forms = [.imperativoAfirmativo: [.tu: ["di"]]]
      $0.compoundImperative = "dice"  // entredice, redice
    }
    .variant(1) { $0.forms = [:] }  // predice, prediré
    .variant(2) {  // predice, predeciré
      $0.forms = [:]
      $0.futureStem = nil
    },
    .init("bendecir", base: "decir") {
      $0.stressed = eToI
      $0.closed = eToI
      $0.presentStem = "dig"
      $0.preteriteStem = "dij"
    },
    .init("traer", base: "traer") {
      $0.presentStem = "traig"
      $0.preteriteStem = "traj"
    },
    .init("caer", base: "caer") { $0.presentStem = "caig" },
    .init("oír", base: "oír") {
      $0.presentStem = "oig"
      $0.insertsY = true  // oyes, oye
    },
    .init("asir", base: "asir") { $0.presentStem = "asg" },
    ConjugationModel("raer", base: "raer") { $0.presentStem = "raig" }
      .variant(1) { $0.presentStem = "ray" },
    ConjugationModel("corroer", base: "roer")  // roo
      .variant(1) { $0.presentStem = "roig" }
      .variant(2) { $0.presentStem = "roy" },
    .init("caber", base: "caber") {
      $0.presentStem = "quep"
      $0.preteriteStem = "cup"
      $0.futureStem = "cabr"
    },
    .init("saber", base: "saber") {
      $0.presentStem = "sep"
      $0.preteriteStem = "sup"
      $0.futureStem = "sabr"
      $0.forms = [.presente: [.yo: ["sé"]]]
    },
    .init("querer", base: "querer") {
      $0.stressed = ie
      $0.preteriteStem = "quis"
      $0.futureStem = "querr"
    },
    .init("poder", base: "poder") {
      $0.stressed = ue
      $0.preteriteStem = "pud"
      $0.futureStem = "podr"
      $0.gerund = "pudiendo"
    },
    .init("andar", base: "andar") { $0.preteriteStem = "anduv" },
    .init("responder", base: "esponder") { $0.preteriteStem = "epus" },  // the old repuse
    .init("haber", base: "haber") {
      $0.presentStem = "hay"
      $0.preteriteStem = "hub"
      $0.futureStem = "habr"
      $0.forms = [
        .presente: [.yo: ["he"], .tu: ["has"], .vos: ["has"], .el: ["ha"], .nosotros: ["hemos"], .ellos: ["han"]],
        // The imperative (he, habed) is no longer in use.
        .imperativoAfirmativo: Dictionary(uniqueKeysWithValues: Person.allCases.map { ($0, []) }),
        .imperativoNegativo: Dictionary(uniqueKeysWithValues: Person.allCases.map { ($0, []) }),
      ]
    },
    .init("estar", base: "estar") {
      $0.preteriteStem = "estuv"
      $0.forms = [
        .presente: [.yo: ["estoy"], .tu: ["estás"], .el: ["está"], .ellos: ["están"]],
        .presenteSubjuntivo: [.yo: ["esté"], .tu: ["estés"], .vos: ["estés"], .el: ["esté"], .ellos: ["estén"]],
      ]
    },
    dar("dar"), dar("desdar"),
    ver("ver"), ver("rever"),
    .init("ser", base: "ser") {
      $0.presentStem = "se"  // sea
      $0.forms = [
        .presente: [
          .yo: ["soy"], .tu: ["eres"], .vos: ["sos"], .el: ["es"], .nosotros: ["somos"], .vosotros: ["sois"],
          .ellos: ["son"],
        ],
        .preterito: fui,
        .imperfecto: [
          .yo: ["era"], .tu: ["eras"], .vos: ["eras"], .el: ["era"], .nosotros: ["éramos"], .vosotros: ["erais"],
          .ellos: ["eran"],
        ],
        .imperativoAfirmativo: [.tu: ["sé"], .vos: ["sé"]],
      ]
    },
    .init("ir", base: "ir") {
      $0.presentStem = "vay"
      $0.gerund = "yendo"
      $0.forms = [
        .presente: [
          .yo: ["voy"], .tu: ["vas"], .vos: ["vas"], .el: ["va"], .nosotros: ["vamos"], .vosotros: ["vais"],
          .ellos: ["van"],
        ],
        .preterito: fui,
        .imperfecto: [
          .yo: ["iba"], .tu: ["ibas"], .vos: ["ibas"], .el: ["iba"], .nosotros: ["íbamos"], .vosotros: ["ibais"],
          .ellos: ["iban"],
        ],
        // In the Río de la Plata, vos borrows andá from andar.
        .imperativoAfirmativo: [.tu: ["ve"], .vos: ["andá"], .nosotros: ["vamos", "vayamos"]],
      ]
    },

    // Irregular participles.
    .init("abrir", base: "rir") { $0.participle = "ierto" },  // abierto, cubierto
    .init("escribir", base: "ibir") { $0.participle = "ito" },  // escrito
    .init("romper", base: "omper") { $0.participle = "oto" },  // roto
    .init("pudrir", base: "udrir") {
      $0.participle = "odrido"
    }.variant(1) { $0.keepsOBeforeI() },
    ConjugationModel("podrir", base: "odrir") {  // pudro, pudrí: only the infinitive and participle keep o
      $0.stem = "udr"
      $0.futureStem = "udrir"
      $0.participle = "odrido"
    }.variant(1) { $0.keepsOBeforeI() },

    // Defective by nature.
    .init("balbucir") { $0.defective = .eimorfo },  // balbucear lends the missing forms
  ]

  private static let fui: [Person: [String]] = [
    .yo: ["fui"], .tu: ["fuiste"], .vos: ["fuiste"], .el: ["fue"], .nosotros: ["fuimos"],
    .vosotros: ["fuisteis"], .ellos: ["fueron"],
  ]

  /// hacer and rehacer: hago, hice, hizo, haré, hecho, haz. `more` adds what a model has of its own.
  private static func hacer(
    _ name: String, _ more: (inout ConjugationModel) -> Void = { _ in }
  ) -> ConjugationModel {
    .init(name, base: "acer") {
      $0.presentStem = "ag"
      $0.preteriteStem = "ic"  // hice, hizo
      $0.futureStem = "ar"
      $0.participle = "echo"
      $0.forms = [.imperativoAfirmativo: [.tu: ["az"]]]
      more(&$0)
    }
  }

  /// dar and desdar: doy, di, dé. Written whole so that desdar takes the accents of an oxytone (desdás, desdé).
  private static func dar(_ name: String) -> ConjugationModel {
    .init(name, base: "dar") {
      $0.forms = [
        .presente: [.yo: ["doy"], .tu: ["das"], .el: ["da"], .vosotros: ["dais"], .ellos: ["dan"]],
        .preterito: [
          .yo: ["di"], .tu: ["diste"], .vos: ["diste"], .el: ["dio"], .nosotros: ["dimos"], .vosotros: ["disteis"],
          .ellos: ["dieron"],
        ],
        .presenteSubjuntivo: [
          .yo: ["dé"], .tu: ["des"], .vos: ["des"], .el: ["dé"], .nosotros: ["demos"], .vosotros: ["deis"],
          .ellos: ["den"],
        ],
      ]
    }
  }

  /// ver and its compounds (prever): veo, veía, visto; the compounds write the accent of an oxytone (prevé).
  private static func ver(_ name: String) -> ConjugationModel {
    .init(name, base: "ver") {
      $0.presentStem = "ve"
      $0.participle = "visto"
      $0.forms = [
        .presente: [.tu: ["ves"], .el: ["ve"], .ellos: ["ven"]],
        .imperfecto: [
          .yo: ["veía"], .tu: ["veías"], .vos: ["veías"], .el: ["veía"], .nosotros: ["veíamos"],
          .vosotros: ["veíais"], .ellos: ["veían"],
        ],
      ]
    }
  }
}

extension ConjugationModel {
  /// pudrir, podrir: the older o, still accepted in the indicative and the imperative where the
  /// ending begins with i (podrimos, podría, podrió, podriré, podrid), though u is preferred to keep
  /// these forms apart from poder's; never in the subjunctive or the gerund (pudriera, pudriendo), as
  /// the Nueva gramática's table of the verb gives it.
  fileprivate mutating func keepsOBeforeI() {
    stemBeforeI = "odr"
    futureStem = "odrir"
  }
}
