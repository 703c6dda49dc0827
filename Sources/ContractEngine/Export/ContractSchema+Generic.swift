/// The JSON Schema of contract files for any catalogue, as `schema/contract.schema.json` holds it
/// (a test keeps the two the same): endpoint and model names are only checked for their form, since
/// they are the catalogue's. ``ContractSchema/document(for:)`` adds a catalogue's names.
extension ContractSchema {
    static let generic = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://github.com/dogpatch-contracts/dogpatch-contracts/schema/contract.schema.json",
          "title": "dogpatch-contracts contract file, version 1",
          "description": "One endpoint contract (or a fixture contract, decoding only) and its cases, for any catalogue: endpoint and model names are the catalogue's, so this schema checks their form and `export schema` writes one that names them. The tool's loader is the judge; this schema says what an editor can check as you type.",
          "type": "object",
          "additionalProperties": false,
          "required": [
            "cases"
          ],
          "anyOf": [
            {
              "required": [
                "endpoint"
              ]
            },
            {
              "required": [
                "model"
              ]
            }
          ],
          "properties": {
            "$schema": {
              "type": "string",
              "description": "Where an editor finds this schema."
            },
            "version": {
              "const": 1,
              "description": "The format's version; 1 when absent."
            },
            "description": {
              "type": "string"
            },
            "endpoint": {
              "type": "string",
              "pattern": "\\S",
              "description": "The endpoint whose client replays the cases, by its name in the catalogue; without it the file is a fixture contract and names a model."
            },
            "arguments": {
              "type": "object",
              "description": "The endpoint's arguments."
            },
            "request": {
              "type": "object",
              "additionalProperties": false,
              "description": "What the client must send.",
              "properties": {
                "method": {
                  "enum": [
                    "GET",
                    "POST",
                    "PUT",
                    "PATCH",
                    "DELETE",
                    "HEAD"
                  ]
                },
                "path": {
                  "type": "string",
                  "description": "The URL's path; percent-decoded unless it holds a %. A whole segment written {name} is a hole: any segment there."
                },
                "query": {
                  "type": "object",
                  "additionalProperties": {
                    "anyOf": [
                      {
                        "type": "string"
                      },
                      {
                        "const": true
                      }
                    ]
                  },
                  "description": "The exact set of query items; true for an item sent with any value."
                },
                "headers": {
                  "type": "object",
                  "additionalProperties": {
                    "anyOf": [
                      {
                        "type": "string"
                      },
                      {
                        "const": true
                      },
                      {
                        "$ref": "#/$defs/fromExchange"
                      }
                    ]
                  },
                  "description": "Headers the client must send: a value, or true for one sent with any value (a credential's value is never written); in a flow's exchange, the value an earlier exchange's response holds."
                },
                "body": {
                  "description": "The JSON body the client must send, compared as JSON (key order and whitespace free, numbers exact)."
                },
                "bodyFixture": {
                  "type": "string",
                  "minLength": 1,
                  "description": "A file under the fixtures folder holding the JSON body the client must send."
                }
              },
              "not": {
                "required": [
                  "body",
                  "bodyFixture"
                ]
              }
            },
            "model": {
              "type": "string",
              "pattern": "\\S",
              "description": "The model the cases decode into, by its name in the catalogue; the endpoint's model when absent."
            },
            "responseQueue": {
              "enum": [
                "main",
                "private"
              ],
              "description": "The queue the client is built with for replay (default main)."
            },
            "ignoredKeys": {
              "type": "array",
              "items": {
                "type": "string"
              },
              "description": "Keys the model is known to leave unread, such as [*].gender."
            },
            "sequence": {
              "type": "array",
              "minItems": 1,
              "items": {
                "type": "string"
              },
              "description": "The names of the contract's cases serve answers its request with in turn, the last repeating."
            },
            "cases": {
              "type": "array",
              "items": {
                "$ref": "#/$defs/case"
              },
              "minItems": 1,
              "description": "At least one case."
            }
          },
          "allOf": [
            {
              "if": {
                "not": {
                  "required": [
                    "endpoint"
                  ]
                }
              },
              "then": {
                "properties": {
                  "arguments": false,
                  "request": false,
                  "cases": {
                    "items": {
                      "properties": {
                        "recorded": false,
                        "exchanges": false,
                        "expect": {
                          "properties": {
                            "error": {
                              "enum": [
                                "responseUnsuccessful",
                                "invalidData",
                                "jsonConversionFailure"
                              ]
                            }
                          },
                          "allOf": [
                            {
                              "if": {
                                "required": [
                                  "error",
                                  "status"
                                ]
                              },
                              "then": {
                                "properties": {
                                  "error": {
                                    "const": "responseUnsuccessful"
                                  }
                                }
                              }
                            },
                            {
                              "if": {
                                "required": [
                                  "error",
                                  "path"
                                ]
                              },
                              "then": {
                                "properties": {
                                  "error": {
                                    "const": "jsonConversionFailure"
                                  }
                                }
                              }
                            }
                          ]
                        }
                      }
                    }
                  }
                }
              }
            },
            {
              "description": "Only a flow's exchange takes a header's value from an earlier response.",
              "properties": {
                "request": {
                  "properties": {
                    "headers": {
                      "additionalProperties": {
                        "not": {
                          "type": "object"
                        }
                      }
                    }
                  }
                }
              }
            }
          ],
          "$defs": {
            "case": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "name",
                "expect"
              ],
              "properties": {
                "name": {
                  "type": "string",
                  "pattern": "\\S",
                  "description": "Unique in the contract; not blank."
                },
                "description": {
                  "type": "string"
                },
                "given": {
                  "type": "string",
                  "pattern": "\\S",
                  "description": "The provider state the response needs, such as \"three dogs for sale\"; the Pact export's provider state."
                },
                "response": {
                  "$ref": "#/$defs/response"
                },
                "exchanges": {
                  "type": "array",
                  "minItems": 1,
                  "items": {
                    "$ref": "#/$defs/exchange"
                  },
                  "description": "A flow: the requests the client must send in order, each with the response it gets; expect judges the client's outcome after the last."
                },
                "expect": {
                  "$ref": "#/$defs/expect"
                },
                "skip": {
                  "type": "string",
                  "description": "Why the case is skipped."
                },
                "replay": {
                  "type": "boolean",
                  "description": "false: check decoding only."
                },
                "recorded": {
                  "type": "object",
                  "additionalProperties": false,
                  "required": [
                    "url",
                    "at"
                  ],
                  "description": "Where and when the tool recorded the case's fixture from the server, or took it from a capture.",
                  "properties": {
                    "url": {
                      "type": "string"
                    },
                    "at": {
                      "type": "string",
                      "pattern": "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$",
                      "description": "An RFC 3339 time: 2026-11-22T08:00:00Z, with fractional seconds or an offset as a capture wrote it."
                    },
                    "from": {
                      "type": "string",
                      "description": "The HTTP archive (HAR file) add took the case from, when it took it from one."
                    }
                  }
                }
              },
              "oneOf": [
                {
                  "required": [
                    "response"
                  ]
                },
                {
                  "required": [
                    "exchanges"
                  ]
                }
              ],
              "allOf": [
                {
                  "if": {
                    "required": [
                      "recorded"
                    ]
                  },
                  "then": {
                    "properties": {
                      "response": {
                        "required": [
                          "fixture"
                        ]
                      }
                    }
                  }
                },
                {
                  "if": {
                    "required": [
                      "exchanges"
                    ]
                  },
                  "then": {
                    "properties": {
                      "replay": {
                        "const": true
                      }
                    }
                  }
                }
              ]
            },
            "exchange": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "request",
                "response"
              ],
              "description": "One step of a flow: the request the client must send and the response it gets.",
              "properties": {
                "request": {
                  "$ref": "#/properties/request"
                },
                "response": {
                  "$ref": "#/$defs/response"
                }
              }
            },
            "fromExchange": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "fromExchange",
                "path"
              ],
              "description": "A header value the client takes from an earlier exchange's response body, such as a refreshed token: never written, never shown.",
              "properties": {
                "fromExchange": {
                  "type": "integer",
                  "minimum": 1,
                  "description": "The earlier exchange, counted from 1."
                },
                "path": {
                  "type": "string",
                  "minLength": 1,
                  "description": "Where that response's JSON body holds the value, such as access_token."
                }
              }
            },
            "response": {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "status": {
                  "type": "integer",
                  "minimum": 100,
                  "maximum": 599
                },
                "headers": {
                  "type": "object",
                  "propertyNames": {
                    "pattern": "^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$"
                  },
                  "additionalProperties": {
                    "type": "string",
                    "pattern": "^[^\\u0000-\\u0008\\u000A-\\u001F\\u007F]*$"
                  }
                },
                "fixture": {
                  "type": "string",
                  "minLength": 1,
                  "description": "A path relative to the fixtures folder."
                },
                "body": {
                  "type": "string"
                },
                "networkError": {
                  "enum": [
                    "notConnectedToInternet",
                    "timedOut",
                    "cannotFindHost",
                    "cannotConnectToHost",
                    "networkConnectionLost",
                    "dnsLookupFailed",
                    "secureConnectionFailed",
                    "serverCertificateUntrusted",
                    "badServerResponse",
                    "cannotParseResponse",
                    "resourceUnavailable",
                    "dataNotAllowed",
                    "internationalRoamingOff",
                    "cancelled"
                  ]
                },
                "delayMs": {
                  "type": "integer",
                  "minimum": 0,
                  "maximum": 600000
                }
              },
              "not": {
                "required": [
                  "fixture",
                  "body"
                ]
              },
              "if": {
                "required": [
                  "networkError"
                ]
              },
              "then": {
                "properties": {
                  "status": false,
                  "headers": false,
                  "fixture": false,
                  "body": false
                }
              },
              "allOf": [
                {
                  "if": {
                    "required": [
                      "status"
                    ],
                    "properties": {
                      "status": {
                        "enum": [
                          301,
                          302,
                          303,
                          307,
                          308
                        ]
                      }
                    }
                  },
                  "then": {
                    "properties": {
                      "headers": {
                        "propertyNames": {
                          "not": {
                            "pattern": "^[Ll][Oo][Cc][Aa][Tt][Ii][Oo][Nn]$"
                          }
                        }
                      }
                    }
                  }
                }
              ]
            },
            "expect": {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "decodes": {
                  "const": true
                },
                "count": {
                  "type": "integer",
                  "minimum": 0
                },
                "values": {
                  "type": "object",
                  "description": "Path into the decoded model, such as [0].name.common, to its JSON value."
                },
                "error": {
                  "type": "string",
                  "minLength": 1,
                  "description": "One of the client's errors, as its endpoint's vocabulary names it: APIError's (invalidRequest, responseUnsuccessful, invalidData, jsonConversionFailure) for the built-in clients and for fixture contracts."
                },
                "status": {
                  "type": "integer",
                  "minimum": 100,
                  "maximum": 599,
                  "description": "The HTTP status an error that carries one carries (APIError's responseUnsuccessful)."
                },
                "path": {
                  "type": "string",
                  "description": "The coding path of an error that carries a decoding failure (APIError's jsonConversionFailure); * for any key of a dictionary."
                },
                "sent": {
                  "const": false,
                  "description": "false: the client answers the error before sending a request (its own check of the arguments), and replay fails a client that sends one."
                }
              },
              "oneOf": [
                {
                  "required": [
                    "decodes"
                  ],
                  "properties": {
                    "status": false,
                    "path": false,
                    "sent": false
                  }
                },
                {
                  "required": [
                    "error"
                  ],
                  "properties": {
                    "count": false,
                    "values": false
                  }
                }
              ]
            }
          }
        }
        """#
}
