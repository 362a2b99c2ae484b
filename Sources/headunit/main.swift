print("headunit")
